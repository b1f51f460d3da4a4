/**
 * Part 1 of bench/console: how many console lines per second reach a websocket client while the
 * game floods its console, and the panel's resident memory meanwhile.
 */
import { closeSocket, openConsoleSocket, sendCommand } from './consoleSocket.mjs';
import { cpuTimeMs, residentBytes, sampleMemory } from './procStats.mjs';

const FLOOD_LINE = /flood line (\d+) /;
const SKIPPED = /^\[Panel\] (\d+) lines were skipped/;
const DONE = /^flood done: lines (\d+)-(\d+)/;

/** A short flood first, so the panel's code is compiled and its buffers grown before measuring. */
async function warmUp(socket) {
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the warm-up flood did not finish within 30 s')), 30_000);
    socket.on('message', function onFrame(data) {
      const frame = JSON.parse(String(data));
      if (frame.event !== 'console output' || !frame.args.some((line) => DONE.test(line))) return;
      clearTimeout(timer);
      socket.off('message', onFrame);
      resolve();
    });
    sendCommand(socket, 'flood 2 50000');
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/** The sample nearest to `atMs`. */
const sampleAt = (samples, atMs) => samples.reduce((best, s) => (Math.abs(s.atMs - atMs) < Math.abs(best.atMs - atMs) ? s : best));

/**
 * Connects, starts a flood of `lines` lines, counts the flood lines that arrive during `seconds`
 * from the first one (or until the stream ends, if sooner), then waits up to `drainMs` for the
 * rest of the stream so the next measurement starts from a quiet server.
 */
export async function measureSocket({ baseUrl, serverId, token, panelPid, seconds, lines, drainMs = 90_000 }) {
  const socket = await openConsoleSocket(baseUrl, serverId, token);
  await warmUp(socket);
  const windowMs = seconds * 1000;
  const counts = { inWindow: 0, total: 0, skipped: 0, expected: null, bytes: 0, frames: 0, lastSequence: 0, outOfOrder: 0 };
  let firstAt = null;
  let lastInWindowAt = null;
  let finished = null;
  const ended = new Promise((resolve) => (finished = resolve));
  let lastFrameAt = performance.now();
  let historyAsked = false;

  socket.on('message', (data) => {
    counts.bytes += data.length;
    // Parsed like the web app does, so the client's cost is a browser's cost.
    const frame = JSON.parse(String(data));
    if (frame.event !== 'console output') return;
    counts.frames++;
    const now = performance.now();
    lastFrameAt = now;
    // One or more lines per frame.
    for (const line of frame.args) {
      const flood = historyAsked ? null : FLOOD_LINE.exec(line);
      if (flood) {
        const sequence = Number(flood[1]);
        if (sequence <= counts.lastSequence) counts.outOfOrder++;
        counts.lastSequence = sequence;
        counts.total++;
        firstAt ??= now;
        if (now - firstAt <= windowMs) {
          counts.inWindow++;
          lastInWindowAt = now;
        }
        continue;
      }
      const skipped = historyAsked ? null : SKIPPED.exec(line);
      if (skipped) counts.skipped += Number(skipped[1]);
      else {
        const done = DONE.exec(line);
        if (done) {
          counts.expected = Number(done[2]) - Number(done[1]) + 1;
          finished(now);
        }
      }
    }
  });

  const memory = sampleMemory(panelPid, 250);
  const cpuBefore = cpuTimeMs(panelPid);
  const floodSentAt = performance.now();
  sendCommand(socket, `flood ${seconds} ${lines}`);
  const windowOver = (async () => {
    while (firstAt === null && performance.now() - floodSentAt < 15_000) await new Promise((r) => setTimeout(r, 20));
    if (firstAt === null) throw new Error('no flood line arrived within 15 s of the command');
    await Promise.race([new Promise((r) => setTimeout(r, windowMs - (performance.now() - firstAt))), ended]);
  })();
  await windowOver;
  const windowEnd = performance.now();
  const cpuMs = cpuTimeMs(panelPid) - cpuBefore;
  const samples = memory.stop();
  const startOffset = firstAt - floodSentAt;
  const streamEndedEarly = windowEnd - firstAt < windowMs - 50;
  // The stream's own duration when it ended inside the window, the window otherwise.
  const measuredMs = streamEndedEarly ? Math.max(1, lastInWindowAt - firstAt) : windowMs;

  // The rest of the stream, up to the game's closing line. Should the panel have skipped that line
  // for this client, it is still in the server's recent output: asked for once the stream is quiet.
  const drainUntil = performance.now() + drainMs;
  let drained = false;
  while (!drained && performance.now() < drainUntil) {
    drained = await Promise.race([ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);
    if (!drained && !historyAsked && performance.now() - lastFrameAt > 2000) {
      historyAsked = true;
      socket.send(JSON.stringify({ event: 'send logs', args: [] }));
    }
  }
  await closeSocket(socket);
  const afterBytes = residentBytes(panelPid);

  const bytesAt = (atMs) => sampleAt(samples, atMs).bytes;
  return {
    linesPerSecond: Math.round((counts.inWindow / measuredMs) * 1000),
    linesInWindow: counts.inWindow,
    measuredMs: Math.round(measuredMs),
    streamEndedEarly,
    linesReceivedTotal: counts.total,
    linesSkippedByPanel: counts.skipped,
    // Lines the game printed that neither arrived nor were reported skipped (known once the stream ended).
    linesLost: counts.expected === null ? null : counts.expected - counts.total - counts.skipped,
    outOfOrder: counts.outOfOrder,
    bytesReceived: counts.bytes,
    outputFrames: counts.frames,
    firstLineAfterMs: Math.round(startOffset),
    // CPU the panel used from the command to the end of the window, per 10,000 lines delivered.
    panelCpuPercent: Math.round((cpuMs / (windowEnd - floodSentAt)) * 100),
    panelCpuMsPer10kLines: Math.round((cpuMs / Math.max(1, counts.inWindow)) * 10_000),
    drained,
    memory: {
      startBytes: samples[0].bytes,
      middleBytes: bytesAt(startOffset + measuredMs / 2),
      endBytes: bytesAt(startOffset + measuredMs),
      maxBytes: Math.max(...samples.map((s) => s.bytes)),
      afterStreamBytes: afterBytes,
      samples: samples.length,
    },
  };
}
