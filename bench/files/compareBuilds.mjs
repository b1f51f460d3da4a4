/**
 * bench/files comparing checkouts side by side (BENCH_FILES_BUILDS=before=<dir>,after=<dir>): one
 * panel per checkout, each started from its own directory so that its own server code runs, and
 * every round measures each panel in turn (a new folder listed, one upload; the page part's one
 * counted run), so a change in the machine's load falls on all of them alike. BENCH_FILES_ROUNDS
 * rounds (5). The timings of all rounds are pooled per checkout; then one table of the figures
 * side by side, each later checkout against the first, and whether it is within 10 % of it.
 * The panels are measured once each has finished starting (its CPU use quiet for a second), so
 * that one panel's start-up does not fall on another's round. BENCH_FILES_FRESH=1 measures what
 * the single-checkout run does instead, a panel just started: each round starts each checkout's
 * panel anew for its listings and upload, and stops it (the api part only).
 */
import { cpuTimeMs, mib } from '../console/procStats.mjs';
import { changeAgainst, median } from '../builds.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiLines, listingRound, load, makeUploadSource, summarizeListing, summarizeUploads, uploadOnce } from './measureApi.mjs';
import { measurePageRound, pageClientDir, pageRenderLines, summarizePage } from './pageRender.mjs';
import { provision } from './provision.mjs';

const rounds = Number(process.env.BENCH_FILES_ROUNDS ?? 5);
const fresh = process.env.BENCH_FILES_FRESH === '1';
const TOLERANCE = 0.1;

/** The rows of the side-by-side table: where the figure is, its unit, and whether more is better. */
const ROWS = {
  api: [
    { label: 'listing, median', unit: 'ms', of: (f) => f.listing.medianMs },
    { label: 'listing, p95', unit: 'ms', of: (f) => f.listing.p95Ms },
    { label: 'listing asking for gzip, median', unit: 'ms', of: (f) => f.listing.gzip.medianMs },
    { label: 'first listing of a new folder', unit: 'ms', of: (f) => f.listing.firstMs },
    { label: 'listing right after the folder was made', unit: 'ms', of: (f) => f.listing.justMade.medianMs },
    { label: 'memory rise while first listed', unit: 'MiB', of: (f) => Number(mib(f.listing.memoryRiseBytes)) },
    { label: 'upload', unit: 'MB/s', of: (f) => f.upload.mbPerSecond, higherIsBetter: true },
    { label: 'memory rise during an upload', unit: 'MiB', of: (f) => Number(mib(f.upload.growthBytes)) },
  ],
  page: [
    { label: 'page, opened in the app', unit: 'ms', of: (f) => Math.round(f.page.inApp.total) },
    { label: 'page, full page load', unit: 'ms', of: (f) => Math.round(f.page.pageLoad.total) },
  ],
};

/** A panel of `build` (its own server code, and its own build of the web app when the page part runs) with a server to measure. */
async function startBuildPanel(build, withPage) {
  const env = { PANEL_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...(withPage ? { PANEL_CLIENT_DIR: await pageClientDir(build.dir) } : {}) };
  const panel = await startPanel({ root: build.dir, env, timeoutMs: 300_000 });
  try {
    return { ...build, context: { panel, ...(await provision(panel)) } };
  } catch (error) {
    await panel.stop();
    throw error;
  }
}

/** Waits until the panel's process has used under 5 % of a core for a second (its start-up work done), at most a minute. */
async function settled(panel) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = cpuTimeMs(panel.pid);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (cpuTimeMs(panel.pid) - before < 50 || Date.now() > deadline) return;
  }
}

/** Runs `use(panel)` on the build's standing panel, or (BENCH_FILES_FRESH) on one started for it and stopped after. */
async function onPanel(entry, use) {
  if (!fresh) return use(entry);
  const panel = await startBuildPanel(entry, false);
  try {
    return await use(panel);
  } finally {
    await panel.context.panel.stop();
  }
}

/** Runs `measure(panel, round)` for every round and panel in turn, printing what `describe` says of each result; answers each panel's results. */
async function alternate(panels, measure, describe) {
  const results = panels.map(() => []);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [which, panel] of panels.entries()) results[which].push(await measure(panel, round));
    console.log(`  round ${round}/${rounds}: ${panels.map((panel, which) => `${panel.name} ${describe(results[which].at(-1))}`).join(', ')} (${load()})`);
  }
  return results;
}

const ms = (value) => `${Math.round(value)} ms`;

async function measureApiSideBySide(panels, say) {
  const source = makeUploadSource();
  let results;
  try {
    // Each round lists a new folder, then uploads once, on the same panel.
    results = await alternate(
      panels,
      (entry, round) => onPanel(entry, async (panel) => ({ listing: await listingRound(panel.context, `many-${round}`), upload: await uploadOnce(panel.context, source) })),
      ({ listing, upload }) =>
        `first ${ms(listing.firstMs)}, right after made ${listing.justMade.map(Math.round).join('/')} ms, settled ${ms(median(listing.settled))}, upload ${upload.mbPerSecond} MB/s`,
    );
  } finally {
    source.remove();
  }
  const loads = { list: load(), upload: load() };
  return panels.map((panel, which) => {
    const figures = { listing: summarizeListing(results[which].map((r) => r.listing)), upload: summarizeUploads(results[which].map((r) => r.upload)) };
    for (const line of apiLines(figures.listing, figures.upload, loads, rounds)) say(`[${panel.name}] ${line}`);
    return figures;
  });
}

async function measurePageSideBySide(panels, say) {
  const runs = await alternate(
    panels,
    (panel) => measurePageRound(panel.context, 'bench-page-10k'),
    (page) => `in the app ${ms(page.inApp.total)}, page load ${ms(page.pageLoad.total)}`,
  );
  return panels.map((panel, which) => {
    const page = summarizePage(runs[which]);
    for (const line of pageRenderLines(page, 10_000)) say(`[${panel.name}] ${line}`);
    return { page };
  });
}

/** Lines of the side-by-side table of `figures` (per panel) for the parts measured. */
function tableLines(panels, figures, parts) {
  const [first, ...others] = panels;
  const lines = [`Side by side (${panels.map((panel) => panel.name).join(' | ')}; ${rounds} rounds alternating; ${load()}):`];
  for (const row of parts.flatMap((part) => ROWS[part])) {
    const values = panels.map((panel) => row.of(figures[panel.name]));
    const notes = others.map((panel, index) => {
      const [base, value] = [values[0], values[index + 1]];
      const within = row.higherIsBetter ? value >= base * (1 - TOLERANCE) : value <= base * (1 + TOLERANCE);
      return `${panel.name} ${changeAgainst(value, base)} against ${first.name}, ${within ? 'within' : 'NOT within'} 10 %`;
    });
    lines.push(`  ${row.label.padEnd(42)} ${values.join(' | ')} ${row.unit} (${notes.join('; ')})`);
  }
  return lines;
}

/** Measures `parts` ('api', 'page') on every build's panel side by side; answers the printed lines and the figures by build. */
export async function compareBuilds(builds, parts) {
  const lines = [];
  const say = (line) => {
    lines.push(line);
    console.log(line);
  };
  const panels = [];
  const figures = {};
  try {
    if (fresh && parts.includes('page')) throw new Error('BENCH_FILES_FRESH measures the api part only (BENCH_FILES_PARTS=api)');
    if (fresh) panels.push(...builds);
    else for (const build of builds) panels.push(await startBuildPanel(build, parts.includes('page')));
    for (const panel of fresh ? [] : panels) await settled(panel.context.panel);
    say(`Panels: ${panels.map((panel) => `${panel.name} = ${panel.dir}`).join(', ')}${fresh ? ', each started anew for each round' : ''}; at the start ${load()}`);
    const measured = { api: measureApiSideBySide, page: measurePageSideBySide };
    for (const part of parts) {
      console.log(`— ${part}`);
      const results = await measured[part](panels, say);
      panels.forEach((panel, which) => (figures[panel.name] = { ...figures[panel.name], ...results[which] }));
    }
    for (const line of tableLines(panels, figures, parts)) say(line);
  } finally {
    for (const panel of fresh ? [] : panels) await panel.context.panel.stop();
  }
  return { lines, figures };
}
