import { defineConfig } from 'vitest/config';

// Plain vitest config: the React Router plugin is only for the web build.
export default defineConfig({
  test: {
    include: ['{app,gateway,contract,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time on the 2-core CI machine (vitest's default there is one): the unit and
    // gateway step took 489 s alone; the suite passed with two forks under a load average of 5.
    maxWorkers: 2,
  },
});
