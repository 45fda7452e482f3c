import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);

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
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
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
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
