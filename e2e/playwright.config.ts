import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; Playwright's own browser
 * download is never used). Run them with `npm run test:e2e`: e2e/run.mjs builds the web
 * app when needed, starts a fresh panel on a free port and passes its address in
 * PANEL_BASE_URL.
 */
/**
 * Specs that use only accounts and servers they make themselves. They run beside the others:
 * most of an end-to-end test is waiting on a page or a game server, so two browsers share two
 * cores well. Every other spec works on the demo account's servers, one after another in file
 * order (versions.spec, last, leaves the demo server on another version).
 */
const ownAccountSpecs = ['accessibility', 'auth-journey', 'login-link', 'password-reset', 'plans', 'smoke', 'themes'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/test-results',
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'demo servers', testIgnore: ownAccountSpecs, workers: 1 },
    { name: 'own accounts', testMatch: ownAccountSpecs, workers: 1 },
  ],
  forbidOnly: Boolean(process.env.CI),
  // In CI a test that fails is run once more: one that then passes is reported as flaky (named,
  // with its first error, in the summary of `npm test`), while one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Generous: two browsers, the panel and game servers share two cores.
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
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
