import { defineConfig } from '@playwright/test';
import { templateDataDir } from './support/data-dir.js';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// the run's prepared data directory, written by start-server.mjs before the tests start and copied
// by the specs' own servers (support/data-dir.ts); the workers load this file and inherit it too
process.env.E2E_TEMPLATE_DIR ||= templateDataDir(PORT);

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // a journey on the 2-core machines takes 15–30 s under two workers: the limit leaves room for a loaded CI machine
  timeout: 60_000,
  // a page's first load (sign-in restore, entity configuration, lazy chunks, first grid page) can pass
  // 10 s on a loaded 2-core machine; every assertion must still come true
  expect: { timeout: 20_000 },
  // after the list's summary, each failed journey's page as it failed (the CI log is all that comes back)
  reporter: [['list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []), ['./support/failure-context-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // recording a trace of every journey took a third of the run's time (measured on 22 journeys:
    // 148 s with, 99 s without): on when asked (E2E_TRACE=1); a failure still leaves its screenshot
    // and page snapshot, which the failure-context reporter prints
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // the machine has no network: keep Chromium from reaching out at start
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${PORT}/assets/environments/environment.json`,
    env: { PORT: String(PORT), E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
