import { Worker } from 'node:worker_threads';

/** The stat fields a folder entry is made from (a Stats object has them, among others). */
export interface StatFields {
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  birthtimeMs: number;
}

// Numbers per name in the worker's answer: mode (-1 when the name vanished), size, mtimeMs,
// ctimeMs, birthtimeMs.
const FIELDS = 5;

// Plain JavaScript run with `eval`, so the worker needs no loader or build step: it lstat's
// `prefix + name` for each name and answers all the fields in one transferred Float64Array.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
parentPort.on('message', ({ id, prefix, names }) => {
  const out = new Float64Array(names.length * ${FIELDS});
  for (let i = 0; i < names.length; i += 1) {
    let stats;
    try {
      stats = lstatSync(prefix + names[i], { throwIfNoEntry: false });
    } catch {
      stats = undefined;
    }
    const at = i * ${FIELDS};
    if (!stats) {
      out[at] = -1;
      continue;
    }
    out[at] = stats.mode;
    out[at + 1] = stats.size;
    out[at + 2] = stats.mtimeMs;
    out[at + 3] = stats.ctimeMs;
    out[at + 4] = stats.birthtimeMs;
  }
  parentPort.postMessage({ id, out }, [out.buffer]);
});
`;

/** The worker's heap: a young generation of a few megabytes is plenty for one folder's Stats objects at a time. */
export const STAT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };

interface Waiting {
  resolve: (fields: Float64Array) => void;
  reject: (error: Error) => void;
}

/**
 * A thread that lstat's names for a listing, so a large folder is stat'ed on two cores at once:
 * in Node 20 each lstat builds a Stats object with four Dates, which costs more than the system
 * call, and is work the main thread can share. Started on first use; it keeps the process alive
 * only while it has work. When it fails or exits, waiting calls are rejected (the caller stats
 * those names itself) and the next call starts a new one.
 */
export class StatWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  /** The stat fields of each of `names` under `prefix` (a folder path ending in /); null for a name that vanished. */
  async lstatMany(prefix: string, names: string[]): Promise<Array<StatFields | null>> {
    const packed = await this.ask(prefix, names);
    const out: Array<StatFields | null> = new Array(names.length);
    for (let i = 0; i < names.length; i += 1) {
      const at = i * FIELDS;
      out[i] = packed[at] < 0 ? null : { mode: packed[at], size: packed[at + 1], mtimeMs: packed[at + 2], ctimeMs: packed[at + 3], birthtimeMs: packed[at + 4] };
    }
    return out;
  }

  /** Stops the thread (waiting calls are rejected). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ask(prefix: string, names: string[]): Promise<Float64Array> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, prefix, names });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // No --import of the server's loader: the worker's code is plain JavaScript. Its heap is kept
    // small: it holds nothing between messages, but with V8's defaults its young generation grew to
    // its full size on the Stats objects of the first large folders, and that memory stayed with
    // the panel (listing a folder of 10,000 entries raised the panel's memory by 98 MiB, 45 without
    // the worker, 58 with these limits).
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], resourceLimits: STAT_WORKER_LIMITS });
    worker.unref();
    worker.on('message', ({ id, out }: { id: number; out: Float64Array }) => this.settle(id, (waiting) => waiting.resolve(out)));
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const id of [...this.waiting.keys()]) this.settle(id, (waiting) => waiting.reject(error));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The stat worker exited (code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  private settle(id: number, action: (waiting: Waiting) => void): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker?.unref();
    action(waiting);
  }
}
