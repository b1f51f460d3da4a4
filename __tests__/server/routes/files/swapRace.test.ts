import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { zipArchive } from '../../services/files/archiveFixtures';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(180_000);

/**
 * What the game can do inside its own folder: swap the folder `race` for a link to a folder
 * outside the root and back, as fast as it can, while the panel works in it.
 */
const SWAPPER = `
const fs = require('node:fs');
const [dir, target] = process.argv.slice(1);
const aside = dir + '.aside';
const pause = new Int32Array(new SharedArrayBuffer(4));
for (let round = 0; ; round += 1) {
  try { fs.renameSync(dir, aside); } catch {}
  try { fs.symlinkSync(target, dir); } catch {}
  if (round % 4 === 0) Atomics.wait(pause, 0, 0, 1);
  try { fs.unlinkSync(dir); } catch {}
  try { fs.renameSync(aside, dir); } catch {}
  if (round % 4 === 2) Atomics.wait(pause, 0, 0, 1);
}`;

let kit: FilesKit;
let canary: string;
let race: string;
let remote: Server;
let port: number;

/** Every entry below `dir` with its content (files) and mode. */
function snapshot(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    out.push(`${prefix}${name} ${stats.mode.toString(8)} ${stats.isFile() ? readFileSync(path, 'utf8') : ''}`);
    if (stats.isDirectory()) out.push(...snapshot(path, `${prefix}${name}/`));
  }
  return out;
}

beforeAll(async () => {
  remote = createServer((_req, res) => res.end('pulled by the panel'));
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  kit = await createFilesKit({ pullAllowHosts: ['127.0.0.1'], fileLimits: { pullsPerWindow: 1_000_000 } });
  // Outside the root: what the link leads to. It must stay exactly as it is.
  canary = join(kit.t.config.dataDir, 'race-canary');
  mkdirSync(canary);
  writeFileSync(join(canary, 'secret.txt'), 'SECRET outside');
  writeFileSync(join(canary, 'config.yml'), 'outside: true');
  writeFileSync(join(canary, 'mode.txt'), 'mode', { mode: 0o640 });
  chmodSync(join(canary, 'mode.txt'), 0o640);
  race = join(kit.root, 'race');
});
afterAll(async () => {
  await kit.t.close();
  await new Promise((resolve) => remote.close(resolve));
});

/** Puts `race` back as a plain folder (the swapper may have been stopped halfway). */
function restore(): void {
  if (lstatSync(race, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(race);
  if (existsSync(`${race}.aside`)) {
    // The panel may have made a new `race` while the folder was aside (inside the root, as it should).
    renameSync(`${race}.aside`, existsSync(race) ? `${race}.aside-${Math.random().toString(16).slice(2)}` : race);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  restore();
}

/**
 * Runs `effect(i)` `count` times, a few at once, while another process keeps swapping `race`
 * for a link to the canary folder. Afterwards nothing outside the root has changed, and every
 * answer is a success or a refusal (never a 5xx).
 */
async function underSwap(count: number, effect: (i: number) => Promise<LightMyRequestResponse | void>): Promise<Map<number, number>> {
  const before = snapshot(canary);
  const swapper = spawn(process.execPath, ['-e', SWAPPER, race, canary], { stdio: 'ignore' });
  const statuses = new Map<number, number>();
  try {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const res = await effect(next++);
        if (res) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res && res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  } finally {
    await stop(swapper);
  }
  expect(snapshot(canary)).toEqual(before);
  kit.expectCanariesUntouched();
  expect(lstatSync(race).isDirectory()).toBe(true);
  return statuses;
}

/** A fresh `race` folder holding `files`. */
function prepare(files: Record<string, string> = {}): void {
  restore();
  const fresh = `${race}-${Math.random().toString(16).slice(2)}`;
  if (existsSync(race)) renameSync(race, fresh);
  mkdirSync(race);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(race, name, '..'), { recursive: true });
    writeFileSync(join(race, name), content);
  }
}

const text = { 'content-type': 'text/plain' };
// Iterations per kind of effect (SWAP_RACE_ITERATIONS to run more).
const N = Number(process.env.SWAP_RACE_ITERATIONS ?? 100);
const many = (prefix: string, count = N) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `inside ${i}`]));

describe('a folder swapped for a link to outside while the panel works in it', () => {
  it('saves (write) never land outside', async () => {
    prepare({ 'config.yml': 'inside: true' });
    await underSwap(N, (i) => kit.api('POST', 'files/write?file=/race/config.yml', { payload: `attacker ${i}`, headers: text }));
  });

  it('creates (write to a new path, new folders) never land outside', async () => {
    prepare();
    await underSwap(N, (i) =>
      i % 2
        ? kit.api('POST', `files/write?file=/race/new-${i}.txt`, { payload: 'attacker', headers: text })
        : kit.api('POST', 'files/create-folder', { payload: { root: '/race', name: `dir-${i}/deep` } }),
    );
  });

  it('uploads (files, folders and their staging) never land outside', async () => {
    prepare();
    await underSwap(N, (i) =>
      i % 2
        ? kit.api('POST', 'files/upload?directory=%2Frace', multipartBody([{ name: `up-${i}.txt`, content: 'attacker' }]))
        : kit.api('POST', 'files/upload?directory=%2F', multipartBody([{ name: `race/tree-${i}/a.txt`, content: 'attacker' }])),
    );
  });

  it('renames and moves never act outside', async () => {
    prepare({ ...many('m-'), 'secret.txt': 'inside' });
    for (let i = 0; i < N; i += 1) writeFileSync(join(kit.root, `top-${i}`), 'top');
    await underSwap(N, (i) =>
      kit.api('PUT', 'files/rename', { payload: { root: '/', files: i % 2 ? [{ from: `race/m-${i}`, to: `race/n-${i}` }] : [{ from: `top-${i}`, to: `race/sub-${i}/top` }] } }),
    );
  });

  it('copies never read or write outside', async () => {
    prepare(many('c-'));
    await underSwap(N, (i) => kit.api('POST', 'files/copy', { payload: { location: `/race/c-${i}` } }));
  });

  it('deletes and chmods never act outside', async () => {
    prepare({ ...many('secret-'), 'mode.txt': 'inside' });
    for (let i = 0; i < N; i += 1) writeFileSync(join(canary, `secret-${i}`), 'SECRET');
    await underSwap(N, (i) =>
      i % 2
        ? kit.api('POST', 'files/delete', { payload: { root: '/race', files: [`secret-${i}`] } })
        : kit.api('POST', 'files/chmod', { payload: { root: '/', files: [{ file: 'race/mode.txt', mode: '777' }] } }),
    );
  });

  it('archives (compress and extract) never read or write outside', async () => {
    prepare({ 'a.txt': 'inside', 'pack.zip': '' });
    writeFileSync(join(race, 'pack.zip'), await zipArchive([{ name: 'x/extracted.txt', content: 'extracted' }]));
    await underSwap(N / 2, (i) =>
      i % 2
        ? kit.api('POST', 'files/compress', { payload: { root: i % 4 === 1 ? '/race' : '/', files: [i % 4 === 1 ? 'a.txt' : 'race'], format: i % 3 ? 'zip' : 'tar.gz' } })
        : kit.api('POST', 'files/decompress', { payload: { root: '/race', file: 'pack.zip' } }),
    );
  });

  it('pulls from a URL never land outside', async () => {
    prepare();
    await underSwap(N / 2, (i) => kit.api('POST', 'files/pull', { payload: { url: `http://127.0.0.1:${port}/file`, directory: '/race', filename: `pulled-${i}.bin` } }));
  });

  it('reads (editor, listing, download links) never show what is outside', async () => {
    prepare({ 'secret.txt': 'inside' });
    const leaks: string[] = [];
    await underSwap(N, async (i) => {
      const res =
        i % 3 === 0
          ? await kit.api('GET', 'files/contents?file=/race/secret.txt')
          : i % 3 === 1
            ? await kit.api('GET', 'files/list?directory=/race')
            : await kit.api('GET', 'files/download?file=/race/secret.txt');
      if (res.body.includes('SECRET') || res.body.includes('config.yml')) leaks.push(res.body);
      if (i % 3 === 2 && res.statusCode === 200) {
        const file = await kit.t.app.inject({ method: 'GET', url: res.json().data.url });
        if (file.body.includes('SECRET')) leaks.push(file.body);
        return file;
      }
      return res;
    });
    expect(leaks).toEqual([]);
  });
});

describe('the test itself', () => {
  it('swaps the folder for a link often enough to matter', async () => {
    prepare();
    const swapper = spawn(process.execPath, ['-e', SWAPPER, race, canary], { stdio: 'ignore' });
    let links = 0;
    try {
      // The swapper needs a moment to start on a busy machine: look for up to 10 s, yielding now and then.
      const deadline = Date.now() + 10_000;
      while (links <= 10 && Date.now() < deadline) {
        for (let i = 0; i < 2_000; i += 1) if (lstatSync(race, { throwIfNoEntry: false })?.isSymbolicLink()) links += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await stop(swapper);
    }
    expect(links).toBeGreaterThan(10);
    expect(statSync(race).isDirectory()).toBe(true);
  });
});
