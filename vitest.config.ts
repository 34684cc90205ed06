import { defineConfig } from 'vitest/config';

// Plain vitest config: the React Router plugin is only for the web build.
export default defineConfig({
  test: {
    include: ['{app,gateway,contract,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
