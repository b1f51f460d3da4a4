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
    element
      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/)[0]}` : ''}`
      : '(removed)';
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

/**
 * Installed in the page before any of its scripts run, with what the page's own content is (see
 * contentChecks): watches the document and records in `__vitals.content` when the content first
 * appeared in the DOM (`inDom`) and the end of the frame that painted it (`painted`, the figure
 * reported: a requestAnimationFrame callback runs before that frame's paint, a task queued from it
 * after). Exact, unlike polling from outside, which adds its own delay and load.
 */
export function installContentProbe(check) {
  /* global document, HTMLInputElement, CSS, MutationObserver, requestAnimationFrame -- it runs in the page */
  const contentChecks = {
    // The log-in form usable: its inputs are there, enabled and writable (the panel's own form:
    // index.html's first frame has no inputs).
    loginForm: () =>
      ['login', 'password'].every((id) => {
        const input = document.getElementById(id);
        return input instanceof HTMLInputElement && !input.disabled && !input.readOnly;
      }),
    // A server's card with its name, from the server list.
    serverCard: (text) => [...document.querySelectorAll('article')].some((card) => card.textContent.includes(text)),
    // The overview's figures: the resource tiles with a sample's numbers (not their placeholder).
    overviewFigures: () =>
      [...document.querySelectorAll('.panel-card')].some(
        (card) =>
          card.querySelector('.panel-card-title')?.textContent === 'Memory' &&
          !card.closest('[data-testid="resource-tiles-placeholder"]') &&
          /\d/.test(card.querySelector('.panel-card-body')?.textContent ?? ''),
      ),
    // Console lines drawn by the terminal.
    consoleLines: () => [...document.querySelectorAll('[data-testid="console-terminal"] .xterm-rows > div')].some((row) => row.textContent.trim() !== ''),
    // The folder's listing: an entry known to be in it.
    fileEntry: (text) => document.querySelector(`[data-file-name="${CSS.escape(text)}"]`) !== null,
  };
  const probe = globalThis.__vitals ?? (globalThis.__vitals = {});
  let reportPainted;
  // `whenPainted` is what contentPainted awaits (see there).
  probe.content = { inDom: null, painted: null, whenPainted: new Promise((resolve) => (reportPainted = resolve)) };
  const isThere = () => contentChecks[check.kind](check.text);
  const observer = new MutationObserver(() => {
    if (!isThere()) return;
    observer.disconnect();
    probe.content.inDom = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        probe.content.painted = performance.now();
        reportPainted(probe.content.painted);
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['disabled', 'readonly', 'data-testid'] });
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
 * installed (and the content probe, when `content` says what the page's content is), the CPU throttled and, when `token` is given, the user logged in (localStorage access_token, as the panel keeps it).
 */
export async function coldPage(browser, { token, rate, locale, content, viewport = { width: 1280, height: 800 } }) {
  // A phone-sized viewport is a phone's screen too: touch, and the device's pixel ratio.
  const phone = viewport.width < 1280;
  const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  await context.addInitScript(installVitalsProbe);
  if (content) await context.addInitScript(installContentProbe, content);
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
  return { context, page, errors, cdp };
}

/** Waits until the page is quiet: no request for a while, then a little more for late paints. */
export async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
}

/** Reads { lcp, lcpElement, cls, inp, contentAt } from the page's probes. */
export async function readVitals(page) {
  const probe = await page.evaluate(() => globalThis.__vitals);
  return { lcp: probe.lcp, lcpElement: probe.lcpElement, cls: clsOf(probe.shifts), inp: inpOf(probe.interactions), interactions: probe.interactions.length, contentAt: probe.content?.painted ?? NaN };
}

const CONTENT_WAIT_MS = 60_000;

/**
 * Waits until the content probe has seen the page's content painted, through `cdp` (coldPage's
 * session): one small expression that awaits the probe's promise. Playwright's own waits
 * (waitForFunction, locators) first evaluate its injected script in the page, some 60 ms of the
 * renderer's main thread at 4× right while the page starts, which the page's content then waited
 * for: the probe measured the bench's load along with the panel's.
 */
export async function contentPainted(cdp) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The page's content was not painted within ${CONTENT_WAIT_MS / 1000} s`)), CONTENT_WAIT_MS);
  });
  const painted = cdp.send('Runtime.evaluate', { expression: 'globalThis.__vitals.content.whenPainted', awaitPromise: true, returnByValue: true });
  try {
    const { exceptionDetails } = await Promise.race([painted, timeout]);
    if (exceptionDetails) throw new Error(`The content probe failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  } finally {
    clearTimeout(timer);
  }
}
