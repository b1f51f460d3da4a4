/**
 * Part 2 of bench/console: the console page in Chromium while the server floods its console.
 * Lines written into the terminal come from the counters the console keeps on its output
 * element (data-lines-written, data-lines-skipped); the main thread's long tasks from a
 * PerformanceObserver installed before the app's first script; frames from requestAnimationFrame;
 * the CPU time of each task from a trace (mainThreadTasks.mjs).
 * BENCH_CONSOLE_PROFILE=<file.cpuprofile> and BENCH_CONSOLE_TRACE=<file.json> keep a CPU
 * profile and a detailed trace of the streaming window (Chromium DevTools, Perfetto); a pass
 * with a `pass` name keeps them with that name before the extension (trace.busy-core.json).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { launchOptions } from '../bundle/measureRoute.mjs';
import { mainThreadTasks, summariseTasks } from './mainThreadTasks.mjs';
import { sampleMemory } from './procStats.mjs';

/** Installed in the page before any of its scripts run. */
function installProbes() {
  const probe = { longTasks: [], frames: 0 };
  globalThis.__consoleBench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const frame = () => {
    probe.frames++;
    globalThis.requestAnimationFrame(frame);
  };
  globalThis.requestAnimationFrame(frame);
}

const OUTPUT = '[data-testid="console-terminal"]';

/** `file` with the pass's name before its extension, so each pass keeps its own. */
const fileOfPass = (file, pass) => (file && pass ? file.replace(/(\.[^./]+)?$/, `.${pass}$1`) : file);

/** Counters of the page: lines written and skipped by the console, frames so far, page clock. */
function readCounters(page) {
  return page.evaluate((selector) => {
    const element = globalThis.document.querySelector(selector);
    return {
      written: Number(element?.getAttribute('data-lines-written') ?? NaN),
      skipped: Number(element?.getAttribute('data-lines-skipped') ?? NaN),
      frames: globalThis.__consoleBench.frames,
      now: performance.now(),
    };
  }, OUTPUT);
}

/**
 * Opens /server/{id}/console logged in, waits until the console shows the server's history,
 * starts a flood of `lines` lines (paced at `linesPerSecond` when above 0) through the API and
 * watches the page for `seconds`.
 */
export async function measurePage({ baseUrl, serverId, token, panelPid, seconds, lines, linesPerSecond = 0, pass }) {
  const profileFile = fileOfPass(process.env.BENCH_CONSOLE_PROFILE, pass);
  const traceFile = fileOfPass(process.env.BENCH_CONSOLE_TRACE, pass);
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addInitScript(installProbes);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Any same-origin address gives access to the app's localStorage.
    await page.goto(`${baseUrl}/api/languagelist`);
    await page.evaluate((value) => globalThis.localStorage.setItem('access_token', value), token);
    await page.goto(`${baseUrl}/server/${serverId}/console`);
    await page.waitForSelector(`${OUTPUT} .xterm-rows`, { timeout: 30_000 });
    await page.waitForFunction((selector) => Number(globalThis.document.querySelector(selector)?.getAttribute('data-lines-written') ?? 0) > 0, OUTPUT, { timeout: 30_000 });
    // Let the page settle (lazy chunks, fonts, the history's first paint) before streaming.
    await page.waitForTimeout(1500);

    const before = await readCounters(page);
    if (!Number.isFinite(before.written)) throw new Error('the console page has no data-lines-written counter');
    const profiler = profileFile ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    // The main thread's tasks with their CPU time; more detail when the trace is kept.
    const detail = traceFile ? ['devtools.timeline', 'blink', 'v8', 'toplevel'] : [];
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', ...detail] });
    const memory = sampleMemory(panelPid, 250);
    const sent = await fetch(`${baseUrl}/api/v2/servers/${serverId}/command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ command: `flood ${seconds} ${lines} ${linesPerSecond}` }),
    });
    if (sent.status !== 204) throw new Error(`sending the flood command answered ${sent.status}`);
    // The window ends after `seconds`, or earlier at the last sample that saw lines arrive once
    // the stream is over (the panel reads the flood faster than any page shows it).
    const perSecond = [];
    let last = before;
    let after = before;
    while (last.now - before.now < seconds * 1000) {
      await page.waitForTimeout(1000);
      const now = await readCounters(page);
      perSecond.push(Math.round(((now.written - last.written) / (now.now - last.now)) * 1000));
      if (now.written > last.written) after = now;
      else if (after.written > before.written) break;
      last = now;
    }
    const samples = memory.stop();
    const trace = await browser.stopTracing();
    if (traceFile) writeFileSync(traceFile, trace);
    const traced = summariseTasks(mainThreadTasks(trace));
    if (profiler) writeFileSync(profileFile, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    const probe = await page.evaluate(() => globalThis.__consoleBench.longTasks);
    const during = probe.filter((task) => task.start >= before.now && task.start <= after.now);
    const load = probe.filter((task) => task.start < before.now);
    const windowMs = after.now - before.now;
    if (after.written === before.written) throw new Error(`no line reached the terminal within ${seconds} s of the flood command`);
    await context.close();
    if (pageErrors.length) throw new Error(`the page threw: ${pageErrors.join('; ')}`);
    return {
      linesPerSecond: Math.round(((after.written - before.written) / windowMs) * 1000),
      linesWritten: after.written - before.written,
      linesSkipped: after.skipped - before.skipped,
      perSecond,
      measuredMs: Math.round(windowMs),
      streamEndedEarly: windowMs < seconds * 1000 - 500,
      framesPerSecond: Math.round(((after.frames - before.frames) / windowMs) * 1000),
      longestTaskMs: Math.round(Math.max(0, ...during.map((task) => task.duration))),
      longTasks: during.length,
      longestLoadTaskMs: Math.round(Math.max(0, ...load.map((task) => task.duration))),
      traced,
      panelMemory: { startBytes: samples[0].bytes, endBytes: samples.at(-1).bytes, maxBytes: Math.max(...samples.map((s) => s.bytes)) },
    };
  } finally {
    await browser.close();
  }
}
