/**
 * Loads one route of the panel in Chromium and adds up what the browser really fetched:
 * the gzip size (zlib level 9) of every JavaScript and CSS response, lazy chunks included.
 */
import { gzipSync } from 'node:zlib';

/** Chromium as the tests run it: Debian's binary, kept off the network it cannot reach. */
export const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * Opens `path` in a fresh browser context (logged in when `token` is given: it goes to
 * localStorage `access_token` first) and returns { finalPath, files: [{ url, type, raw, gzip }] }.
 */
export async function measureRoute(browser, baseUrl, path, token) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  if (token) {
    // Any same-origin address gives access to the app's localStorage.
    await page.goto(`${baseUrl}/api/languagelist`);
    await page.evaluate((value) => globalThis.localStorage.setItem('access_token', value), token);
  }
  const pending = [];
  const seen = new Set();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if ((type !== 'script' && type !== 'stylesheet') || seen.has(url)) return;
    seen.add(url);
    // A body the browser dropped (a page left while loading) is counted by its next load.
    pending.push(
      response
        .body()
        .then((body) => ({ url: url.replace(baseUrl, ''), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // Lazy route chunks start after the first render; give them time to settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter(Boolean);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { finalPath, files };
}
