import type { Config } from '@react-router/dev/config';

// The bare React Router app of issue 18: the baseline every bench figure is set beside.
export default {
  appDirectory: 'app',
  buildDirectory: '../../../build/bench-bare',
  ssr: true,
} satisfies Config;
