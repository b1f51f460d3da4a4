import { readFileSync, symlinkSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(180_000);

let kit: FilesKit;
let up: string;
beforeAll(async () => {
  kit = await createFilesKit();
  writeFileSync(join(kit.root, 'victim.txt'), 'inside');
  symlinkSync(kit.outside, join(kit.root, 'escape'));
  symlinkSync(join(kit.outside, 'canary.txt'), join(kit.root, 'escape-file'));
  symlinkSync(join(kit.outside, 'not-yet'), join(kit.root, 'dangling'));
  mkdirSync(join(kit.root, 'sub'));
  symlinkSync('../../../outside', join(kit.root, 'sub', 'relative-escape'));
  // From the root to the folder with the canaries: "../../outside".
  up = relative(kit.root, kit.outside);
});
afterAll(() => kit.t.close());
afterEach(() => kit.expectCanariesUntouched());

/** Every spelling of a path out of the root, as it arrives in a query string or a JSON body. */
const traversals = (): Record<string, string> => ({
  plain: `${up}/canary.txt`,
  'leading slash': `/${up}/canary.txt`,
  'inside then out': `victim.txt/../${up}/canary.txt`,
  backslashes: `${up.replace(/\//g, '\\')}\\canary.txt`,
  'URL-encoded': `${up.replace(/\.\./g, '%2e%2e')}/canary.txt`,
  'double URL-encoded': `${up.replace(/\.\./g, '%252e%252e')}/canary.txt`,
  'encoded slash': `${up.replace(/\//g, '%2f')}%2fcanary.txt`,
  'overlong UTF-8': `${up.replace(/\.\./g, '%c0%ae%c0%ae')}/canary.txt`,
  'fullwidth dots': `${up.replace(/\.\./g, '\uff0e\uff0e')}/canary.txt`,
  'NUL byte': 'victim.txt\0.png',
  'symlinked folder': 'escape/canary.txt',
  'relative symlink': 'sub/relative-escape/canary.txt',
  'dangling symlink': 'dangling/new.txt',
});
/** Paths to a file through a link (the link itself may be renamed or deleted, but never followed). */
const fileLinks = { 'symlinked file': 'escape-file' };

function expectRefused(res: LightMyRequestResponse, label: string): void {
  if (res.statusCode !== 400) throw new Error(`${label}: expected 400, got ${res.statusCode} ${res.body}`);
  expect(res.json().message).toMatch(/outside the server's files/);
}

const q = encodeURIComponent;
const cases = (extra: Record<string, string> = {}) => Object.entries({ ...traversals(), ...extra });

describe('every route refuses paths that leave the root', () => {
  it('list, contents, download and search', async () => {
    for (const [label, path] of cases(fileLinks)) {
      if (label !== 'symlinked file') expectRefused(await kit.api('GET', `files/list?directory=${q(path)}`), `list ${label}`);
      expectRefused(await kit.api('GET', `files/contents?file=${q(path)}`), `contents ${label}`);
      expectRefused(await kit.api('GET', `files/download?file=${q(path)}`), `download ${label}`);
      if (label !== 'symlinked file') expectRefused(await kit.api('GET', `files/search?directory=${q(path)}&pattern=canary`), `search ${label}`);
    }
  });

  it('write', async () => {
    for (const [label, path] of cases(fileLinks)) {
      expectRefused(await kit.api('POST', `files/write?file=${q(path)}`, { payload: 'pwned', headers: { 'content-type': 'text/plain' } }), `write ${label}`);
    }
    expect(existsSync(join(kit.outside, 'not-yet'))).toBe(false);
  });

  it('create-folder, rename, copy, delete and chmod', async () => {
    for (const [label, path] of cases()) {
      expectRefused(await kit.api('POST', 'files/create-folder', { payload: { root: path, name: 'x' } }), `create-folder root ${label}`);
      expectRefused(await kit.api('POST', 'files/create-folder', { payload: { root: '/', name: path } }), `create-folder name ${label}`);
      expectRefused(await kit.api('PUT', 'files/rename', { payload: { root: '/', files: [{ from: 'victim.txt', to: path }] } }), `rename to ${label}`);
      expectRefused(await kit.api('PUT', 'files/rename', { payload: { root: '/', files: [{ from: path, to: 'stolen.txt' }] } }), `rename from ${label}`);
      expectRefused(await kit.api('POST', 'files/copy', { payload: { location: path } }), `copy ${label}`);
      expectRefused(await kit.api('POST', 'files/delete', { payload: { root: '/', files: [path] } }), `delete ${label}`);
      expectRefused(await kit.api('POST', 'files/delete', { payload: { root: path, files: ['canary.txt'] } }), `delete in ${label}`);
      expectRefused(await kit.api('POST', 'files/chmod', { payload: { root: '/', files: [{ file: path, mode: '777' }] } }), `chmod ${label}`);
    }
    expectRefused(await kit.api('POST', 'files/chmod', { payload: { root: '/', files: [{ file: 'escape-file', mode: '777' }] } }), 'chmod through a file link');
    expect(readFileSync(join(kit.root, 'victim.txt'), 'utf8')).toBe('inside');
  });

  it('compress, decompress and upload', async () => {
    for (const [label, path] of cases()) {
      expectRefused(await kit.api('POST', 'files/compress', { payload: { root: '/', files: [path], format: 'zip' } }), `compress ${label}`);
      expectRefused(await kit.api('POST', 'files/compress', { payload: { root: path, files: ['canary.txt'], format: 'tar.gz' } }), `compress in ${label}`);
      expectRefused(await kit.api('POST', 'files/decompress', { payload: { root: path, file: 'a.zip' } }), `decompress into ${label}`);
      expectRefused(await kit.api('POST', 'files/decompress', { payload: { root: '/', file: path } }), `decompress ${label}`);
      const upload = multipartBody([{ name: 'evil.txt', content: 'pwned' }]);
      expectRefused(await kit.api('POST', `files/upload?directory=${q(path)}`, upload), `upload ${label}`);
    }
  });

  it('deleting or renaming a symlink acts on the link, never on what it points to', async () => {
    symlinkSync(kit.outside, join(kit.root, 'escape-2'));
    expect((await kit.api('PUT', 'files/rename', { payload: { root: '/', files: [{ from: 'escape-2', to: 'moved-link' }] } })).statusCode).toBe(204);
    expect((await kit.api('POST', 'files/delete', { payload: { root: '/', files: ['moved-link'] } })).statusCode).toBe(204);
    expect(existsSync(join(kit.root, 'moved-link'))).toBe(false);
  });

  it('treats an absolute path as one below the root', async () => {
    const absolute = join(kit.outside, 'canary.txt');
    expect((await kit.api('GET', `files/contents?file=${q(absolute)}`)).statusCode).toBe(404);
    expect((await kit.api('GET', 'files/contents?file=/etc/passwd')).statusCode).toBe(404);
    const res = await kit.api('POST', `files/write?file=${q(absolute)}`, { payload: 'inside the root', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(204);
    expect(readFileSync(join(kit.root, absolute), 'utf8')).toBe('inside the root');
  });
});
