/**
 * The API part of bench/files: a folder of 10,000 files listed through GET …/files/list (median
 * and p95 of 20 calls after 3 warm-up calls, measured by the client over loopback, JSON included;
 * also its first listing, listings right after it was made and listings asking for gzip, see
 * measureListing),
 * and a 200 MB file uploaded through POST …/files/upload three times (multipart, streamed from
 * disk, see streamUpload.mjs; median and slowest run) with the panel's resident memory sampled
 * every 50 ms. Each line ends with the machine's load average, as the figures depend on it.
 * Targets: listing under 100 ms; upload at least 100 MB/s with memory flat (peak within 64 MiB
 * of the memory before the upload).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mib, residentBytes, sampleMemory } from '../console/procStats.mjs';
import { streamUpload, uploadClient } from './streamUpload.mjs';

const target = { listMs: 100, uploadMBps: 100, memoryGrowthBytes: 64 * 1024 * 1024 };
const entries = Number(process.env.BENCH_FILES_ENTRIES ?? 10_000);
const uploadBytes = Number(process.env.BENCH_FILES_UPLOAD_MB ?? 200) * 1_000_000;
const uploadRuns = 3;
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/**
 * One listing of the folder, checked complete: its milliseconds (JSON parsed included) and what
 * went over the wire. `encoding` is what the client asks for: identity (the headline figures,
 * as over loopback bytes cost nothing) or gzip, which Node's fetch asks for by default and
 * unpacks (browsers ask for br as well).
 */
async function timeListing(url, token, encoding = 'identity') {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': encoding } });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.data.length !== entries) throw new Error(`list answered ${response.status} with ${body?.data?.length} entries`);
  return { elapsed, wire: { encoding: response.headers.get('content-encoding') ?? 'none', bytes: Number(response.headers.get('content-length') ?? 0) } };
}

const summary = (timings) => ({ medianMs: Math.round(percentile(timings, 50) * 10) / 10, p95Ms: Math.round(percentile(timings, 95) * 10) / 10 });

/**
 * The folder is listed the first time (nothing remembered of it), ten times right after it was
 * made (its names are read on every listing until it has been unchanged for two seconds, see
 * the server's ListingMemo), and then, once it has settled like a customer's folder that is not
 * being written to that very moment, 3 + 20 times: the headline figure is the median of those 20.
 * Each of those is paired with a listing that asks for gzip, so both see the same load.
 */
async function measureListing({ panel, token, serverId, serverUuid }) {
  const folder = join(panel.dataDir, 'servers', serverUuid, 'many');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < entries; i += 1) writeFileSync(join(folder, `file-${i}.txt`), `entry ${i}\n`);
  const url = `${panel.baseUrl}/api/v2/servers/${serverId}/files/list?directory=/many`;
  const firstMs = Math.round((await timeListing(url, token)).elapsed * 10) / 10;
  const justMade = [];
  for (let i = 0; i < 10; i += 1) justMade.push((await timeListing(url, token)).elapsed);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const settled = [];
  const gzipped = [];
  let plainWire;
  let gzipWire;
  for (let i = 0; i < 23; i += 1) {
    const plain = await timeListing(url, token);
    const gzip = await timeListing(url, token, 'gzip');
    [plainWire, gzipWire] = [plain.wire, gzip.wire];
    if (i < 3) continue;
    settled.push(plain.elapsed);
    gzipped.push(gzip.elapsed);
  }
  return { ...summary(settled), firstMs, justMade: summary(justMade), plainWire, gzip: { ...summary(gzipped), wire: gzipWire } };
}

async function fileDigest(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** One upload of `source`, checked byte for byte; its speed and the panel's memory meanwhile. */
async function uploadOnce({ panel, token, serverId, serverUuid }, source) {
  const before = residentBytes(panel.pid);
  const sampler = sampleMemory(panel.pid, 50);
  const started = performance.now();
  const url = `${panel.baseUrl}/api/v2/servers/${serverId}/files/upload?directory=/`;
  const response = await streamUpload(url, { authorization: `Bearer ${token}` }, source, 'big-world.bin');
  const elapsedMs = performance.now() - started;
  const samples = sampler.stop();
  if (response.status !== 204) throw new Error(`upload answered ${response.status}: ${response.text}`);
  const stored = join(panel.dataDir, 'servers', serverUuid, 'big-world.bin');
  if (statSync(stored).size !== uploadBytes || (await fileDigest(stored)) !== (await fileDigest(source))) throw new Error('the uploaded file differs from the source');
  return {
    mbPerSecond: Math.round((uploadBytes / 1_000_000 / (elapsedMs / 1000)) * 10) / 10,
    seconds: Math.round(elapsedMs) / 1000,
    beforeBytes: before,
    peakBytes: Math.max(...samples.map((s) => s.bytes)),
    afterBytes: samples.at(-1).bytes,
  };
}

async function measureUpload(context) {
  const source = join(tmpdir(), `bench-upload-${process.pid}.bin`);
  // Random-looking content (a repeated 1 MiB random block), written once to disk.
  const block = Buffer.from(Array.from({ length: 1024 * 1024 }, () => Math.floor(Math.random() * 256)));
  writeFileSync(source, Buffer.alloc(0));
  for (let written = 0; written < uploadBytes; written += block.length) writeFileSync(source, block.subarray(0, Math.min(block.length, uploadBytes - written)), { flag: 'a' });
  try {
    const runs = [];
    for (let run = 0; run < uploadRuns; run += 1) runs.push(await uploadOnce(context, source));
    const speeds = runs.map((run) => run.mbPerSecond);
    return {
      client: uploadClient,
      mbPerSecond: percentile(speeds, 50),
      slowestMBps: Math.min(...speeds),
      runsMBps: speeds,
      beforeBytes: runs[0].beforeBytes,
      peakBytes: Math.max(...runs.map((run) => run.peakBytes)),
      afterBytes: runs.at(-1).afterBytes,
      // The largest rise of memory during any one upload: "flat" means this stays small.
      growthBytes: Math.max(...runs.map((run) => run.peakBytes - run.beforeBytes)),
    };
  } finally {
    rmSync(source, { force: true });
  }
}

/** Runs both measurements; answers the printed lines, whether the figures count, and the figures. */
export async function measureApi(context) {
  const listing = await measureListing(context);
  const listLoad = load();
  const upload = await measureUpload(context);
  const uploadLoad = load();
  const listMeets = listing.medianMs < target.listMs;
  const uploadMeets = upload.mbPerSecond >= target.uploadMBps && upload.growthBytes <= target.memoryGrowthBytes;
  const lines = [
    `GET files/list of ${entries.toLocaleString('en')} entries: median ${listing.medianMs} ms, p95 ${listing.p95Ms} ms (client over loopback, ${kib(listing.plainWire.bytes)} uncompressed, JSON included); target < ${target.listMs} ms: ${listMeets ? 'met' : 'NOT met'} (${listLoad})`,
    `  the same asking for gzip: ${kib(listing.gzip.wire.bytes)} over the wire (${listing.gzip.wire.encoding}), median ${listing.gzip.medianMs} ms, p95 ${listing.gzip.p95Ms} ms (Node's fetch unpacks it through a stream)`,
    `  the same folder listed the first time: ${listing.firstMs} ms; right after it was made (names read each time): median ${listing.justMade.medianMs} ms, p95 ${listing.justMade.p95Ms} ms`,
    `upload of ${uploadBytes / 1_000_000} MB × ${uploadRuns} (multipart, streamed, ${upload.client} client): median ${upload.mbPerSecond} MB/s, slowest ${upload.slowestMBps} MB/s; panel RSS before ${mib(upload.beforeBytes)} MiB, peak ${mib(upload.peakBytes)} MiB, after ${mib(upload.afterBytes)} MiB (${uploadLoad})`,
    `target ≥ ${target.uploadMBps} MB/s with memory flat (largest rise during an upload ${mib(upload.growthBytes)} MiB ≤ ${mib(target.memoryGrowthBytes)} MiB): ${uploadMeets ? 'met' : 'NOT met'}`,
  ];
  return { ok: true, lines, figures: { listing, upload } };
}
