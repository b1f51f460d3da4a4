/**
 * The page's main-thread tasks from a Chromium trace (category
 * disabled-by-default-devtools.timeline): for each task its wall-clock duration and the CPU time
 * the thread really spent on it. On a busy machine a task's wall-clock time includes the time its
 * thread waited for a core; the CPU time tells how much work the page itself did.
 */

/** Tasks of the renderer main thread(s) in `trace` (Playwright's stopTracing buffer). */
export function mainThreadTasks(trace) {
  const parsed = JSON.parse(String(trace));
  const events = parsed.traceEvents ?? parsed;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`)).map((e) => ({ wallMs: e.dur / 1000, cpuMs: (e.tdur ?? e.dur) / 1000 }));
}

/** The longest task by wall-clock time (with its CPU time) and the most CPU any task used. */
export function summariseTasks(tasks) {
  const longest = tasks.reduce((best, task) => (task.wallMs > (best?.wallMs ?? -1) ? task : best), null);
  return {
    tasks: tasks.length,
    longestWallMs: Math.round(longest?.wallMs ?? 0),
    longestWallCpuMs: Math.round(longest?.cpuMs ?? 0),
    mostCpuMs: Math.round(Math.max(0, ...tasks.map((task) => task.cpuMs))),
    overFiftyMsWall: tasks.filter((task) => task.wallMs > 50).length,
    overFiftyMsCpu: tasks.filter((task) => task.cpuMs > 50).length,
  };
}
