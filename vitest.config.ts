import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Plain vitest config: the React Router plugin is only for the web build. ADR 071 for the speed settings.
export default defineConfig({
  test: {
    include: ['{app,gateway,api,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // On CI the suites share two cores with the journeys, on a runner that has taken twice a quiet
    // machine's time for the same run (stop 57): a test that takes 25 s alone may take four times that.
    testTimeout: process.env.CI ? 120_000 : 30_000,
    hookTimeout: process.env.CI ? 240_000 : 60_000,
    // As the journeys (playwright.config.ts): on CI a failed test runs once more, and a test that
    // passes only then is reported as flaky in the output (ADR 081). A real failure fails twice.
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // Vitest's default leaves a core to its main process, which only waits: one worker on a 2-core machine.
    // VITEST_MAX_WORKERS sets it (npm test gives the PostgreSQL suite beside the journeys one).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // Migrates one database per run, which each test file's database copies (tests/support/gateway.ts).
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    // Each file keeps a process of its own (isolate): tried without, the gateway's files leaked state into
    // each other (a saved-card payment failed only after other files had run in the same process).
  },
});
