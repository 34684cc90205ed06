import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium.mjs';
import { timeLimit } from './tests/support/time-limit.ts';

const chromium = findChromium();

/** Phone-sized real Chromium (Debian's: `npx playwright install` cannot download here). */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Doubled on CI (ADR 114: the runner has taken twice a quiet machine's time).
  timeout: timeLimit(45_000),
  expect: { timeout: timeLimit(7_000) },
  // Measured (ADR 071): two workers kept the 2-core machine ~60% busy (1,190 s of CPU in a 16-minute run), the rest
  // spent in the journeys' waits. A third worker fills those waits; E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI so a timing flake on the 2-core runner does not block a landing; Playwright still reports it as "flaky".
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // Recording a trace of every journey costs CPU on each one (snapshots, screencast); a failure on CI is retried once
    // and that retry records it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker installs its whole precache on a journey's first page: about 1 s of CPU a journey on
    // the 2-core runner. Journeys that test the installed app (offline, lie-fi, the update, install) allow it
    // with test.use({ serviceWorkers: 'allow' }) at their top (ADR 081).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone' }],
});
