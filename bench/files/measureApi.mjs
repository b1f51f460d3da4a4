/**
 * The API part of bench/files: a folder of 10,000 files listed through GET …/files/list (median
 * and p95 of 20 calls after 3 warm-up calls, measured by the client over loopback, JSON included;
 * also its first listing, listings right after it was made and listings asking for gzip, see
 * listingRound), with the panel's memory rise while the new folder is first listed,
 * and a 200 MB file uploaded through POST …/files/upload three times (multipart, streamed from
 * disk, see streamUpload.mjs; median and slowest run) with the panel's resident memory sampled
 * every 50 ms. Each line ends with the machine's load average, as the figures depend on it.
 * Targets: listing under 100 ms; upload at least 100 MB/s with memory flat (peak within 64 MiB
 * of the memory before the upload).
 * The pieces (a listing round, one upload, their summaries) are exported for the side-by-side
 * comparison of checkouts (compareBuilds.mjs), which alternates them between panels.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mib, residentBytes, sampleMemory } from '../console/procStats.mjs';
import { streamUpload, uploadClient } from './streamUpload.mjs';

export const target = { listMs: 100, uploadMBps: 100, memoryGrowthBytes: 64 * 1024 * 1024 };
export const entries = Number(process.env.BENCH_FILES_ENTRIES ?? 10_000);
export const uploadBytes = Number(process.env.BENCH_FILES_UPLOAD_MB ?? 200) * 1_000_000;
const uploadRuns = 3;
export const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const tenth = (value) => Math.round(value * 10) / 10;

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

const summary = (timings) => ({ medianMs: tenth(percentile(timings, 50)), p95Ms: tenth(percentile(timings, 95)) });

/**
 * One round of listings of a new folder `name` (made now): listed the first time (nothing
 * remembered of it), ten times right after it was made (its names are read on every listing until
 * it has been unchanged for two seconds, see the server's listRooted), and then, once it has
 * settled like a customer's folder that is not being written to that very moment, 3 + 20 times.
 * Each of those is paired with a listing that asks for gzip, so both see the same load. The
 * panel's memory is sampled from before the first listing to the last one right after it was
 * made: its largest rise is what listing a large folder costs the panel (the stat worker's heap
 * included). Answers the raw timings, for the summary of one round or of several.
 */
export async function listingRound({ panel, token, serverId, serverUuid }, name = 'many') {
  const folder = join(panel.dataDir, 'servers', serverUuid, name);
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < entries; i += 1) writeFileSync(join(folder, `file-${i}.txt`), `entry ${i}\n`);
  const url = `${panel.baseUrl}/api/v2/servers/${serverId}/files/list?directory=/${name}`;
  const before = residentBytes(panel.pid);
  const sampler = sampleMemory(panel.pid, 50);
  const firstMs = (await timeListing(url, token)).elapsed;
  const justMade = [];
  for (let i = 0; i < 10; i += 1) justMade.push((await timeListing(url, token)).elapsed);
  const memoryRiseBytes = Math.max(0, Math.max(...sampler.stop().map((sample) => sample.bytes)) - before);
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
  return { firstMs, justMade, settled, gzipped, plainWire, gzipWire, memoryRiseBytes };
}

/** The listing figures of one or more rounds: the timings of all rounds pooled, the first listings' and memory rises' medians. */
export function summarizeListing(rounds) {
  const all = (key) => rounds.flatMap((round) => round[key]);
  return {
    ...summary(all('settled')),
    firstMs: tenth(percentile(all('firstMs'), 50)),
    justMade: summary(all('justMade')),
    memoryRiseBytes: percentile(all('memoryRiseBytes'), 50),
    plainWire: rounds.at(-1).plainWire,
    gzip: { ...summary(all('gzipped')), wire: rounds.at(-1).gzipWire },
  };
}

async function fileDigest(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** The file uploaded (random-looking content, a repeated 1 MiB random block), written once to disk; remove it with `remove()`. */
export function makeUploadSource() {
  const path = join(tmpdir(), `bench-upload-${process.pid}.bin`);
  const block = Buffer.from(Array.from({ length: 1024 * 1024 }, () => Math.floor(Math.random() * 256)));
  writeFileSync(path, Buffer.alloc(0));
  for (let written = 0; written < uploadBytes; written += block.length) writeFileSync(path, block.subarray(0, Math.min(block.length, uploadBytes - written)), { flag: 'a' });
  return { path, digest: fileDigest(path), remove: () => rmSync(path, { force: true }) };
}

/** One upload of `source` (from makeUploadSource), checked byte for byte; its speed and the panel's memory meanwhile. */
export async function uploadOnce({ panel, token, serverId, serverUuid }, source) {
  const before = residentBytes(panel.pid);
  const sampler = sampleMemory(panel.pid, 50);
  const started = performance.now();
  const url = `${panel.baseUrl}/api/v2/servers/${serverId}/files/upload?directory=/`;
  const response = await streamUpload(url, { authorization: `Bearer ${token}` }, source.path, 'big-world.bin');
  const elapsedMs = performance.now() - started;
  const samples = sampler.stop();
  if (response.status !== 204) throw new Error(`upload answered ${response.status}: ${response.text}`);
  const stored = join(panel.dataDir, 'servers', serverUuid, 'big-world.bin');
  if (statSync(stored).size !== uploadBytes || (await fileDigest(stored)) !== (await source.digest)) throw new Error('the uploaded file differs from the source');
  return {
    mbPerSecond: tenth(uploadBytes / 1_000_000 / (elapsedMs / 1000)),
    seconds: Math.round(elapsedMs) / 1000,
    beforeBytes: before,
    peakBytes: Math.max(...samples.map((s) => s.bytes)),
    afterBytes: samples.at(-1).bytes,
  };
}

/** The upload figures of several runs. */
export function summarizeUploads(runs) {
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
}

/** Whether the listing and the upload meet their targets. */
export const apiMeets = (listing, upload) => ({
  list: listing.medianMs < target.listMs,
  upload: upload.mbPerSecond >= target.uploadMBps && upload.growthBytes <= target.memoryGrowthBytes,
});

/** The printed lines of the API part; `loads` = { list, upload }, the load averages when each was measured. */
export function apiLines(listing, upload, loads, uploadCount) {
  const meets = apiMeets(listing, upload);
  return [
    `GET files/list of ${entries.toLocaleString('en')} entries: median ${listing.medianMs} ms, p95 ${listing.p95Ms} ms (client over loopback, ${kib(listing.plainWire.bytes)} uncompressed, JSON included); target < ${target.listMs} ms: ${meets.list ? 'met' : 'NOT met'} (${loads.list})`,
    `  the same asking for gzip: ${kib(listing.gzip.wire.bytes)} over the wire (${listing.gzip.wire.encoding}), median ${listing.gzip.medianMs} ms, p95 ${listing.gzip.p95Ms} ms (Node's fetch unpacks it through a stream)`,
    `  the same folder listed the first time: ${listing.firstMs} ms; right after it was made (names read each time): median ${listing.justMade.medianMs} ms, p95 ${listing.justMade.p95Ms} ms; panel memory rise meanwhile ${mib(listing.memoryRiseBytes)} MiB`,
    `upload of ${uploadBytes / 1_000_000} MB × ${uploadCount} (multipart, streamed, ${upload.client} client): median ${upload.mbPerSecond} MB/s, slowest ${upload.slowestMBps} MB/s; panel RSS before ${mib(upload.beforeBytes)} MiB, peak ${mib(upload.peakBytes)} MiB, after ${mib(upload.afterBytes)} MiB (${loads.upload})`,
    `target ≥ ${target.uploadMBps} MB/s with memory flat (largest rise during an upload ${mib(upload.growthBytes)} MiB ≤ ${mib(target.memoryGrowthBytes)} MiB): ${meets.upload ? 'met' : 'NOT met'}`,
  ];
}

/** Runs both measurements on one panel; answers the printed lines, whether the figures count, and the figures. */
export async function measureApi(context) {
  const listing = summarizeListing([await listingRound(context)]);
  const listLoad = load();
  const source = makeUploadSource();
  let upload;
  try {
    const runs = [];
    for (let run = 0; run < uploadRuns; run += 1) runs.push(await uploadOnce(context, source));
    upload = summarizeUploads(runs);
  } finally {
    source.remove();
  }
  const lines = apiLines(listing, upload, { list: listLoad, upload: load() }, uploadRuns);
  return { ok: true, lines, figures: { listing, upload } };
}
