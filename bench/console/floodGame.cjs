/**
 * The game server of bench/console: prints numbered log lines as fast as it can when asked.
 *
 * Console commands (stdin, one per line):
 *   flood SECONDS MAX_LINES [LINES_PER_SECOND]
 *                             print lines until either bound is reached: in a tight loop, or
 *                             paced at LINES_PER_SECOND when it is given (and above 0)
 *   stop                      exit
 * Every line looks like a game's log line (coloured level, numbered): the client side of the
 * benchmark reads the number to tell how far the stream got. The process ends by itself after
 * FLOOD_LIFETIME seconds, or as soon as the panel that started it is gone, so a benchmark that
 * dies half-way never leaves it behind.
 */
'use strict';
const { writeSync } = require('node:fs');

const lifetimeMs = Number(process.env.FLOOD_LIFETIME || 300) * 1000;
const panelPid = process.ppid;
let sequence = 0;
let flooding = false;

const say = (text) => writeSync(1, `${text}\n`);

function clock() {
  const now = new Date();
  return [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Writes up to `count` lines (never past `last`), one system call per 32 lines. */
function writeLines(count, last) {
  const time = clock();
  const stop = Math.min(last, sequence + count);
  while (sequence < stop) {
    let chunk = '';
    for (let i = 0; i < 32 && sequence < stop; i++) {
      sequence++;
      chunk += `\x1b[36m[${time} INFO]\x1b[0m: flood line ${sequence} the quick brown fox jumps over the lazy dog\n`;
    }
    writeSync(1, chunk);
  }
}

/**
 * Writes lines in a tight loop, or paced at `perSecond` lines a second (every few milliseconds
 * the lines due by then); either way it yields often, so `stop` is still read.
 */
function flood(seconds, maxLines, perSecond) {
  if (flooding) return say('A flood is already running.');
  flooding = true;
  const startedAt = Date.now();
  const endsAt = startedAt + seconds * 1000;
  const last = sequence + maxLines;
  const first = sequence + 1;
  const finish = () => {
    flooding = false;
    say(`flood done: lines ${first}-${sequence} (${sequence - first + 1}) in ${Date.now() - startedAt} ms`);
  };
  const slice = () => {
    // 32 × 32 lines between looks at the clock: the writer stays far ahead of any reader.
    for (const sliceEnd = Date.now() + 20; sequence < last && Date.now() < Math.min(endsAt, sliceEnd);) writeLines(1024, last);
    if (sequence < last && Date.now() < endsAt) return void setImmediate(slice);
    finish();
  };
  const paced = () => {
    const now = Math.min(Date.now(), endsAt);
    writeLines(Math.floor(((now - startedAt) * perSecond) / 1000) - (sequence - first + 1), last);
    if (sequence < last && Date.now() < endsAt) return void setTimeout(paced, 5);
    finish();
  };
  if (perSecond > 0) paced();
  else slice();
}

function onCommand(line) {
  const [name, ...args] = line.trim().split(/\s+/);
  if (name === 'stop') {
    say('Stopping the flood server');
    process.exit(0);
  }
  if (name === 'flood') {
    const seconds = Math.min(Math.max(Number(args[0]) || 10, 0.1), 120);
    const maxLines = Math.min(Math.max(Math.floor(Number(args[1]) || 1_000_000), 1), 20_000_000);
    const perSecond = Math.min(Math.max(Math.floor(Number(args[2]) || 0), 0), 10_000_000);
    return flood(seconds, maxLines, perSecond);
  }
  if (name) say(`Unknown command "${name}" (flood SECONDS MAX_LINES [LINES_PER_SECOND], stop)`);
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  input += text;
  let newline;
  while ((newline = input.indexOf('\n')) >= 0) {
    const line = input.slice(0, newline);
    input = input.slice(newline + 1);
    onCommand(line);
  }
});

setTimeout(() => {
  say('Flood server lifetime over; exiting');
  process.exit(0);
}, lifetimeMs).unref();
setInterval(() => {
  if (process.ppid !== panelPid) process.exit(0);
}, 1000);

say('Flood server ready');
