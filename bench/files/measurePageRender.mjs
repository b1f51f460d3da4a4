/**
 * The page part of bench/files: how long the files page takes to show a folder of many entries
 * in Chromium, against a running panel serving the production build.
 *   - open in the app: the files page is on screen (the folder's parent), the folder's row is
 *     clicked; the clock stops at the first animation frame after its rows are in the page.
 *   - page load: the folder's address is loaded from scratch (scripts cached, as on a reload); the
 *     clock starts with the navigation, so app start-up and every request before the list count.
 * Each run also reports the list request's duration and the time from its answer to the rows on
 * screen (the page's own rendering), from Resource Timing. Target: under 500 ms to the first render. Median of `runs` runs.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from '../bundle/measureRoute.mjs';

/**
 * Runs in the page: resolves with performance.now() at the first frame where the list request of
 * the folder has been answered, the breadcrumb names the folder, its rows are in the list and
 * nothing is loading any more.
 */
function waitForFolderRows({ folder, directory }) {
  const wanted = `/files/list?directory=${encodeURIComponent(directory)}`;
  return new Promise((resolve) => {
    const check = () => {
      const answered = performance.getEntriesByType('resource').some((entry) => entry.name.includes(wanted) && entry.responseEnd > 0);
      const here = globalThis.document.querySelector('nav[aria-label="Folder path"] [aria-current="page"]');
      const rows = globalThis.document.querySelectorAll('[data-file-name]').length;
      // The list says it is loading with aria-busy (the table and the card list alike).
      const loading = globalThis.document.querySelector('[aria-label="Files"][aria-busy="true"], [aria-label="Search results"][aria-busy="true"]');
      if (answered && here?.textContent === folder && rows > 0 && !loading) resolve({ at: performance.now(), rows });
      else globalThis.requestAnimationFrame(check);
    };
    check();
  });
}

/** Runs in the page: the timing of the last list request of `directory` (start and end, page clock). */
function listRequestTiming(directory) {
  const wanted = `/files/list?directory=${encodeURIComponent(directory)}`;
  const entry = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes(wanted))
    .at(-1);
  return entry ? { start: entry.startTime, end: entry.responseEnd } : null;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Measures `/server/{serverId}/files` showing `parent`/`folder`. Returns the medians in ms:
 * { inApp: { total, request, page }, pageLoad: { total, requestStart, request, page }, rows }.
 */
export async function measureFilesPageRender({ baseUrl, serverId, token, parent = '/', folder, runs = 5 }) {
  const directory = `${parent.replace(/\/$/, '')}/${folder}`;
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/languagelist`);
    await page.evaluate((value) => globalThis.localStorage.setItem('access_token', value), token);
    const parentUrl = `${baseUrl}/server/${serverId}/files${parent === '/' ? '' : `?directory=${encodeURIComponent(parent)}`}`;
    const inApp = [];
    const pageLoad = [];
    let rows = 0;
    // One run first to warm the caches (scripts, the editor-free files chunk), not counted.
    for (let run = 0; run <= runs; run++) {
      await page.goto(parentUrl);
      const row = page.locator(`[data-file-name="${folder}"]`);
      await row.waitFor({ state: 'visible', timeout: 60_000 });
      await page.evaluate(() => performance.clearResourceTimings());
      // The click time is taken in the page, in the capture phase, just before the app handles it.
      const started = page.evaluate(() => new Promise((resolve) => globalThis.document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true })));
      await row.click();
      const t0 = await started;
      const shown = await page.evaluate(waitForFolderRows, { folder, directory });
      const request = await page.evaluate(listRequestTiming, directory);
      if (run > 0) inApp.push({ total: shown.at - t0, request: request ? request.end - request.start : NaN, page: request ? shown.at - request.end : NaN });

      await page.goto(`${baseUrl}/server/${serverId}/files?directory=${encodeURIComponent(directory)}`);
      const loaded = await page.evaluate(waitForFolderRows, { folder, directory });
      const loadRequest = await page.evaluate(listRequestTiming, directory);
      if (run > 0)
        pageLoad.push({
          total: loaded.at,
          requestStart: loadRequest ? loadRequest.start : NaN,
          request: loadRequest ? loadRequest.end - loadRequest.start : NaN,
          page: loadRequest ? loaded.at - loadRequest.end : NaN,
        });
      rows = loaded.rows;
    }
    const summary = (list) => Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((r) => r[key]))]));
    return { inApp: summary(inApp), pageLoad: summary(pageLoad), rows };
  } finally {
    await browser.close();
  }
}
