#!/usr/bin/env node
/**
 * bench/vitals/trace.mjs: where a cold load's time goes, for each page bench/vitals measures, in
 * Chromium with the CPU slowed 4× (one load per page and build, with a Chromium trace):
 *   - the requests (scripts, API calls, dictionaries) with when each started and ended;
 *   - the main thread's work by script: compiling and evaluating each file, and the functions
 *     run from it (timers, promise callbacks, events), with layout, style and paint beside;
 *   - when the page's content was painted (the same probe as bench/vitals).
 * PANEL_CLIENT_DIR=<dir> traces another build; BENCH_VITALS_TRACE_ROUTES=/login,/ picks pages;
 * BENCH_VITALS_TRACE_DIR=<dir> keeps the traces (open them in Chromium's Performance panel).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { launchOptions } from '../bundle/measureRoute.mjs';
import { coldPage, contentPainted, readVitals } from './measureVitals.mjs';

const RATE = Number(process.env.BENCH_VITALS_CPU ?? 4);
const ROUTES = process.env.BENCH_VITALS_TRACE_ROUTES?.split(',');
const KEEP = process.env.BENCH_VITALS_TRACE_DIR;

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,16}\.js$/, '.js') : '(none)');

/** Sums the main thread's top-level work by kind and script from a Chromium trace. */
function mainThreadWork(trace) {
  const events = trace.traceEvents;
  // Times from the request of the page itself (about the navigation's start).
  const navigationStart = Math.min(...events.filter((e) => e.name === 'ResourceSendRequest' && e.args?.data?.resourceType === 'Document').map((e) => e.ts)) / 1000;
  // The page's renderer main thread: the CrRendererMain that evaluated the page's scripts.
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const counts = new Map();
  for (const e of events) if (e.name === 'EvaluateScript' && mains.has(`${e.pid}:${e.tid}`)) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const thread = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && typeof e.dur === 'number');
  const totals = new Map();
  const add = (key, dur) => totals.set(key, (totals.get(key) ?? 0) + dur / 1000);
  const timeline = [];
  for (const e of onMain) {
    const at = e.ts / 1000 - navigationStart;
    const data = e.args?.data ?? e.args?.beginData ?? {};
    let key = null;
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') key = `evaluate ${short(data.url)}`;
    else if (e.name === 'v8.compile' || e.name === 'V8.CompileCode' || e.name === 'v8.produceCache') key = `compile ${short(data.url ?? e.args?.fileName)}`;
    else if (e.name === 'FunctionCall') key = `run ${short(data.url)} (${data.functionName || 'anonymous'})`;
    else if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch' || e.name === 'RunMicrotasks') key = e.name;
    else if (e.name === 'Layout' || e.name === 'UpdateLayoutTree' || e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize') key = e.name;
    else if (e.name === 'ParseHTML' || e.name === 'ParseAuthorStyleSheet') key = e.name;
    else if (e.name === 'MajorGC' || e.name === 'MinorGC' || e.name === 'V8.GC_SCAVENGER') key = 'GC';
    if (!key) continue;
    add(key, e.dur);
    if (e.dur >= 20_000) timeline.push({ at, ts: e.ts, dur: e.dur / 1000, key });
  }
  return { totals: [...totals].sort((a, b) => b[1] - a[1]), timeline: timeline.sort((a, b) => a.at - b.at) };
}

const clientDir = process.env.PANEL_CLIENT_DIR ?? join(import.meta.dirname, '..', '..', 'dist');
const consumers = new Map();

/** The source map of a built script, or null. */
async function consumerOf(url) {
  const file = join(clientDir, url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0]);
  if (!consumers.has(file)) consumers.set(file, existsSync(`${file}.map`) ? await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  return consumers.get(file);
}

/** Where a built position came from: a package of node_modules, or a file of src/. */
function sourceName(source) {
  if (!source) return null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1] : source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/**
 * The sampled JavaScript: self time by original source, and each sample's time (µs, the trace's
 * clock) with the nearest of the panel's own files (src/) on its stack, to tell which component or
 * module a long piece of work was for.
 */
async function profileBySource(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = new Map();
  const originalOf = async (node) => {
    if (where.has(node.id)) return where.get(node.id);
    const frame = node.callFrame;
    let source = frame.url ? short(frame.url) : `(${frame.functionName || 'program'})`;
    let name = frame.functionName;
    if (frame.url && /\/assets\/.*\.js$/.test(frame.url)) {
      const consumer = await consumerOf(frame.url);
      const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      source = sourceName(original?.source) ?? source;
      name = original?.name ?? name;
    }
    const result = { source, name };
    where.set(node.id, result);
    return result;
  };
  const ownOf = async (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { source, name } = await originalOf(byId.get(at));
      if (source.startsWith('src/')) return `${source}${name ? ` ${name}` : ''}`;
    }
    return '(no panel code)';
  };
  const totals = new Map();
  const samples = [];
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index];
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const { source } = await originalOf(byId.get(id));
    totals.set(source, (totals.get(source) ?? 0) + ms);
    samples.push({ at, ms, own: await ownOf(id) });
  }
  return { totals: [...totals].sort((a, b) => b[1] - a[1]), samples };
}

/** The panel's files that a piece of work (µs from, µs long) was spent for, most first. */
function ownWork(samples, from, duration) {
  const totals = new Map();
  for (const sample of samples) if (sample.at >= from && sample.at < from + duration) totals.set(sample.own, (totals.get(sample.own) ?? 0) + sample.ms);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([own, ms]) => `${own} ${Math.round(ms)}`)
    .join('; ');
}

async function traceLoad(browser, { baseUrl, token, path, content }) {
  const { context, page, cdp } = await coldPage(browser, { token, rate: RATE, content });
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
    await page.goto(`${baseUrl}${path}`);
    await contentPainted(cdp);
    await page.waitForTimeout(500);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const { profile } = await cdp.send('Profiler.stop');
    const { contentAt, lcp } = await readVitals(page);
    const timing = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd, size: r.encodedBodySize })),
      marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
      content: globalThis.__vitals.content,
    }));
    if (KEEP) {
      mkdirSync(KEEP, { recursive: true });
      writeFileSync(join(KEEP, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(trace));
    }
    return { trace, profile, timing, contentAt, lcp };
  } finally {
    await context.close();
  }
}

async function main() {
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const env = { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password, LOG_LEVEL: 'warn' };
  const panel = await startPanel({ env, timeoutMs: 300_000 });
  const browser = await chromium.launch(launchOptions);
  try {
    const token = (await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/login', { login: 'demo', password })).body.data.token;
    const server = (await apiJson(panel.baseUrl, 'GET', '/api/v2/servers', null, token)).body.data[0];
    const id = server.identifier;
    const pages = [
      { path: '/login', token: null, content: { kind: 'loginForm' } },
      { path: '/', token, content: { kind: 'serverCard', text: server.name } },
      { path: `/server/${id}`, token, content: { kind: 'overviewFigures' } },
      { path: `/server/${id}/console`, token, content: { kind: 'consoleLines' } },
      { path: `/server/${id}/files`, token, content: { kind: 'fileEntry', text: 'server.properties' } },
    ].filter((p) => !ROUTES || ROUTES.some((r) => p.path === r || p.path.endsWith(r)));
    for (const route of pages) {
      const { trace, profile, timing, contentAt, lcp } = await traceLoad(browser, { baseUrl: panel.baseUrl, ...route });
      console.log(`\n== ${route.path}: content painted ${Math.round(contentAt)} ms (in the DOM ${Math.round(timing.content.inDom)}), LCP ${Math.round(lcp)} ms`);
      console.log('requests (start → end ms, bytes):');
      for (const r of timing.resources) console.log(`  ${String(Math.round(r.start)).padStart(5)} → ${String(Math.round(r.end)).padStart(5)}  ${String(r.size).padStart(7)}  ${short(r.name)}`);
      for (const m of timing.marks) console.log(`  mark ${m.name} at ${Math.round(m.at)}`);
      const { totals, timeline } = mainThreadWork(trace);
      console.log('main thread, summed (ms):');
      for (const [key, total] of totals.slice(0, 25)) console.log(`  ${String(Math.round(total)).padStart(5)}  ${key}`);
      console.log('JavaScript by original source, self time (ms):');
      const { totals: bySource, samples } = await profileBySource(profile);
      for (const [key, total] of bySource.slice(0, 30)) console.log(`  ${String(Math.round(total)).padStart(5)}  ${key}`);
      console.log('long pieces of work (at, ms):');
      for (const t of timeline)
        console.log(`  ${String(Math.round(t.at)).padStart(5)} +${String(Math.round(t.dur)).padStart(4)}  ${t.key}${t.dur >= 80 ? `  [${ownWork(samples, t.ts, t.dur * 1000)}]` : ''}`);
    }
  } finally {
    await browser.close();
    await panel.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
