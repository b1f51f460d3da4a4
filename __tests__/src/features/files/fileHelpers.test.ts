import { editorLanguageFor } from '../../../../src/features/files/editor/editorLanguage';
import { baseName, isArchiveName, joinPath, parentPath, pathCrumbs } from '../../../../src/features/files/filePaths';
import { compareRows } from '../../../../src/features/files/list/compareRows';
import type { FileRow } from '../../../../src/features/files/list/fileRow';
import { checkQuota } from '../../../../src/features/files/upload/uploadQuota';
import { uploadItemsReducer, type UploadItem } from '../../../../src/features/files/upload/uploadItems';

const row = (name: string, overrides: Partial<FileRow> = {}): FileRow => ({
  name,
  path: `/${name}`,
  size: 10,
  mode: '-rw-r--r--',
  mode_bits: '644',
  modified_at: '2024-01-01T00:00:00.000Z',
  created_at: '2024-01-01T00:00:00.000Z',
  is_file: true,
  is_directory: false,
  is_symlink: false,
  mime: 'text/plain',
  ...overrides,
});

describe('file paths', () => {
  it('joins, splits and walks paths from the root without normalising them', () => {
    expect(joinPath('/', 'a.txt')).toBe('/a.txt');
    expect(joinPath('/plugins', 'a.yml')).toBe('/plugins/a.yml');
    expect(joinPath('/plugins/', 'a.yml')).toBe('/plugins/a.yml');
    expect(parentPath('/plugins/a.yml')).toBe('/plugins');
    expect(parentPath('/a.yml')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(baseName('/plugins/Essentials/config.yml')).toBe('config.yml');
    expect(pathCrumbs('/plugins/Essentials')).toEqual([
      { name: 'plugins', path: '/plugins' },
      { name: 'Essentials', path: '/plugins/Essentials' },
    ]);
    // The API decides about "..": the client passes it on as written.
    expect(pathCrumbs('../../etc').map((crumb) => crumb.name)).toEqual(['..', '..', 'etc']);
  });

  it('knows the archives the API extracts', () => {
    expect(['a.zip', 'b.tar', 'c.tar.gz', 'd.TGZ'].every(isArchiveName)).toBe(true);
    expect(['a.jar', 'b.gz', 'zip'].some(isArchiveName)).toBe(false);
  });
});

describe('sorting the list', () => {
  const folder = row('worlds', { is_directory: true, is_file: false, size: 4096 });
  const rows = [row('world10.txt', { size: 5 }), folder, row('World2.txt', { size: 50 }), row('a.log', { size: 1 })];
  const sorted = (column: 'name' | 'size', direction: 'ascend' | 'descend') => {
    const compare = compareRows(column);
    // antd reverses the comparator's result for "descend".
    return [...rows].sort((a, b) => (direction === 'descend' ? -1 : 1) * compare(a, b, direction)).map((r) => r.name);
  };

  it('puts folders first in both directions and compares names as people read them', () => {
    expect(sorted('name', 'ascend')).toEqual(['worlds', 'a.log', 'World2.txt', 'world10.txt']);
    expect(sorted('name', 'descend')).toEqual(['worlds', 'world10.txt', 'World2.txt', 'a.log']);
    expect(sorted('size', 'descend')).toEqual(['worlds', 'World2.txt', 'world10.txt', 'a.log']);
  });
});

describe('the editor language', () => {
  it.each([
    ['server.properties', 'properties'],
    ['config.yml', 'yaml'],
    ['bukkit.YAML', 'yaml'],
    ['ops.json', 'json'],
    ['Cargo.toml', 'toml'],
    ['index.mjs', 'javascript'],
    ['start.sh', 'shell'],
    ['start', 'shell'],
    ['latest.log', 'log'],
    ['latest.log.2', 'log'],
    ['eula.txt', 'plain'],
    ['README', 'plain'],
  ])('%s is highlighted as %s', (name, language) => {
    expect(editorLanguageFor(name)).toBe(language);
  });
});

describe('the disk quota before uploading', () => {
  const MiB = 1024 * 1024;
  it('refuses files that do not fit in the space left, and says how much is needed and free', () => {
    expect(checkQuota([3 * MiB, 2 * MiB], { limitBytes: 10 * MiB, usedBytes: 4 * MiB })).toEqual({ ok: true });
    expect(checkQuota([3 * MiB, 4 * MiB], { limitBytes: 10 * MiB, usedBytes: 4 * MiB })).toEqual({ ok: false, neededBytes: 7 * MiB, freeBytes: 6 * MiB });
    // Over the limit already: nothing fits.
    expect(checkQuota([1], { limitBytes: 10 * MiB, usedBytes: 11 * MiB })).toEqual({ ok: false, neededBytes: 1, freeBytes: 0 });
  });
  it('counts the whole limit as free while the use is not measured, and 0 as unlimited', () => {
    expect(checkQuota([9 * MiB], { limitBytes: 10 * MiB, usedBytes: null })).toEqual({ ok: true });
    expect(checkQuota([11 * MiB], { limitBytes: 10 * MiB, usedBytes: null }).ok).toBe(false);
    expect(checkQuota([1e12], { limitBytes: 0, usedBytes: 5 })).toEqual({ ok: true });
  });
});

describe('the upload list', () => {
  const item: UploadItem = { id: 'u1', name: 'a.zip', size: 100, loaded: 0, status: 'queued' };
  it('follows a file from waiting to stored, and keeps finished ones until cleared', () => {
    let items = uploadItemsReducer([], { type: 'added', items: [item, { ...item, id: 'u2' }] });
    items = uploadItemsReducer(items, { type: 'started', id: 'u1' });
    items = uploadItemsReducer(items, { type: 'progressed', id: 'u1', loaded: 40 });
    expect(items[0]).toMatchObject({ status: 'uploading', loaded: 40 });
    items = uploadItemsReducer(items, { type: 'finished', id: 'u1' });
    items = uploadItemsReducer(items, { type: 'failed', id: 'u2', error: 'Disk full' });
    expect(items.map((i) => [i.status, i.loaded])).toEqual([
      ['done', 100],
      ['failed', 0],
    ]);
    expect(uploadItemsReducer([...items, { ...item, id: 'u3' }], { type: 'cleared' }).map((i) => i.id)).toEqual(['u3']);
  });
});
