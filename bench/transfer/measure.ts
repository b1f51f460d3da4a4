/**
 * bench/transfer's measurement (run by run.mjs with tsx): a server's files moved from one file port
 * to another by copyServerFiles, the code a transfer between nodes runs, and the panel's memory
 * meanwhile. Both ports are the local driver's here (two folders on this machine), so the figure
 * is the panel's own streaming path; between real nodes each engine's file helper and the network
 * come on top. Prints one JSON line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../server/src/runtime/files/rooted/RootedServerFiles';
import { copyServerFiles } from '../../server/src/services/nodes/transfers/copyServerFiles';

const TOTAL_MIB = Number(process.env.BENCH_TRANSFER_MIB ?? 1024);
const BIG_FILES = 8;

/** A server's files: a few large region-like files making up most of the size, and a thousand small ones. */
async function makeServer(root: string): Promise<number> {
  let bytes = 0;
  mkdirSync(join(root, 'world/region'), { recursive: true });
  mkdirSync(join(root, 'plugins/config'), { recursive: true });
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i);
  const perFile = Math.floor((TOTAL_MIB * 1024 * 1024 - 1000 * 4096) / BIG_FILES);
  for (let f = 0; f < BIG_FILES; f++) {
    const handle = await open(join(root, `world/region/r.${f}.0.mca`), 'w');
    for (let written = 0; written < perFile; written += chunk.length) await handle.write(chunk, 0, Math.min(chunk.length, perFile - written));
    await handle.close();
    bytes += perFile;
  }
  for (let i = 0; i < 1000; i++) writeFileSync(join(root, `plugins/config/setting-${i}.yml`), chunk.subarray(0, 4096));
  return bytes + 1000 * 4096;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-transfer-'));
  try {
    const [source, target] = [join(dir, 'source'), join(dir, 'target')];
    mkdirSync(source);
    mkdirSync(target);
    const bytes = await makeServer(source);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const began = performance.now();
    let copied = 0;
    await copyServerFiles(new RootedServerFiles(source), new RootedServerFiles(target), (done) => (copied = done));
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (copied !== bytes) throw new Error(`copied ${copied} bytes of ${bytes}`);
    process.stdout.write(
      `${JSON.stringify({ mib: Math.round(bytes / 1048576), seconds: Math.round(seconds * 10) / 10, mbPerSecond: Math.round(bytes / 1e6 / seconds), baselineMib: Math.round(baseline / 1048576), peakMib: Math.round(peak / 1048576) })}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
