/**
 * The Web Vitals of one page load or one interaction, in Chromium with its CPU slowed down
 * (CDP Emulation.setCPUThrottlingRate) to stand for a mid-range phone.
 *   - LCP: the last largest-contentful-paint entry before the page settled;
 *   - CLS: the largest session window of layout shifts not caused by input (as web-vitals does);
 *   - INP: the longest interaction (Event Timing entries with an interactionId), which is what
 *     INP reports for pages with fewer than 50 interactions.
 */

/** Installed in the page before any of its scripts run: collects the entries as they come. */
export function installVitalsProbe() {
  const probe = { lcp: 0, lcpElement: '', shifts: [], interactions: [] };
  globalThis.__vitals = probe;
  // What the largest paint was (tag, id, first class): the panel's own content, or index.html's
  // first frame drawn before the panel's code ran.
  const describe = (element) =>
    element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/)[0]}` : ''}` : '(removed)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.lcp = entry.startTime;
      probe.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) probe.shifts.push({ at: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) probe.interactions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration, at: entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** CLS as web-vitals computes it: shifts grouped in windows (gap < 1 s, window < 5 s), the largest window. */
export function clsOf(shifts) {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - last < 1000 && shift.at - first < 5000) current += shift.value;
    else {
      current = shift.value;
      first = shift.at;
    }
    last = shift.at;
    best = Math.max(best, current);
  }
  return best;
}

/** The longest interaction's duration (ms), each interaction counted once by its longest event. */
export function inpOf(interactions) {
  const byId = new Map();
  for (const entry of interactions) byId.set(entry.id, Math.max(byId.get(entry.id) ?? 0, entry.duration));
  return Math.max(0, ...byId.values());
}

export const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/**
 * A fresh browser context (cold: empty cache, `viewport` 1280×800 unless given) with the probe
 * installed, the CPU throttled and, when `token` is given, the user logged in (localStorage access_token, as the panel keeps it).
 */
export async function coldPage(browser, { token, rate, locale, viewport = { width: 1280, height: 800 } }) {
  // A phone-sized viewport is a phone's screen too: touch, and the device's pixel ratio.
  const phone = viewport.width < 1280;
  const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  await context.addInitScript(installVitalsProbe);
  if (token || locale) {
    await context.addInitScript(
      ([value, code]) => {
        if (value) globalThis.localStorage.setItem('access_token', value);
        if (code) globalThis.localStorage.setItem('locale', code);
      },
      [token, locale],
    );
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, errors };
}

/** Waits until the page is quiet: no request for a while, then a little more for late paints. */
export async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
}

/** Reads { lcp, lcpElement, cls, inp } from the page's probe. */
export async function readVitals(page) {
  const probe = await page.evaluate(() => globalThis.__vitals);
  return { lcp: probe.lcp, lcpElement: probe.lcpElement, cls: clsOf(probe.shifts), inp: inpOf(probe.interactions), interactions: probe.interactions.length };
}
