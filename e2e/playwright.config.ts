import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; Playwright's own browser
 * download is never used). Run them with `npm run test:e2e`: e2e/run.mjs builds the web
 * app when needed, starts a fresh panel on a free port and passes its address in
 * PANEL_BASE_URL.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/test-results',
  // One browser at a time: the panel under test, its game servers and Chromium share two cores,
  // and some checks are timed (a join listed within 2 s). Two browsers failed them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // In CI a test that fails is run once more: one that then passes is reported as flaky (named,
  // with its first error, in the summary of `npm test`), while one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Generous: the panel, game servers and the server tests on PostgreSQL share two cores in CI.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.PANEL_BASE_URL,
    browserName: 'chromium',
    headless: true,
    // Flags that keep Chromium off the network it cannot reach here (see STACK-NOTES).
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs every test time (a snapshot of the page at each step). In CI, where a
    // failed test runs again, the rerun records it; a local run keeps the trace of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
