import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Plain vitest config: the React Router plugin is only for the web build. ADR 071 for the speed settings.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves a core to its main process, which only waits: one worker on a 2-core machine.
    // The projects below inherit this value, and it wins over --maxWorkers: VITEST_MAX_WORKERS sets it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // Migrates one database per run, which each test file's database copies (tests/support/gateway.ts).
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    projects: [
      {
        extends: true,
        // Gateway tests take everything (config, database, clock) as arguments: a worker runs its files one
        // after the other without a new process and module graph each (PGlite's WebAssembly compiled once).
        test: { name: 'gateway', include: ['gateway/**/*.test.ts'], isolate: false },
      },
      // The web server's modules read the environment once, and each of their tests sets its own: a process each.
      { extends: true, test: { name: 'web', include: ['{app,contract,scripts}/**/*.test.{ts,tsx}'] } },
    ],
  },
});
