import { naturalSortKey, sortEntries } from '../../../../server/src/services/files/entryOrder';
import { isoTime, mimeOf, toFileEntry } from '../../../../server/src/services/files/toFileEntry';
import type { FileEntryJson } from '../../../../server/src/schemas/files';

const entry = (name: string, isDirectory = false) => ({ name, is_directory: isDirectory }) as FileEntryJson;
const names = (list: FileEntryJson[]) => sortEntries(list).map((e) => e.name);

describe('sortEntries', () => {
  it('puts folders first, then sorts names naturally and without regard to case', () => {
    const list = [entry('world10.zip'), entry('World2.zip'), entry('logs', true), entry('backup-007.tar.gz'), entry('backup-7b.tar.gz'), entry('Config', true), entry('world1.zip')];
    expect(names(list)).toEqual(['Config', 'logs', 'backup-007.tar.gz', 'backup-7b.tar.gz', 'world1.zip', 'World2.zip', 'world10.zip']);
  });

  it('orders long numbers by value and keeps names differing only in case apart in a stable order', () => {
    expect(names([entry('v100000000000'), entry('v99999999999'), entry('b'), entry('B')])).toEqual(['B', 'b', 'v99999999999', 'v100000000000']);
  });
});

// The key as first written (a regular expression per digit run): the scan must give the same keys.
const referenceKey = (name: string) =>
  name.toLowerCase().replace(/\d+/g, (digits) => {
    const trimmed = digits.replace(/^0+(?=\d)/, '');
    return `${String.fromCharCode(0x30 + Math.min(trimmed.length, 40))}${trimmed}`;
  });

describe('naturalSortKey', () => {
  it('gives the same keys as the regular-expression form, so the order of listings is unchanged', () => {
    const pieces = ['0', '0', '00', '1', '7', '9', '10', '007', 'a', 'B', '-', '.', ' ', 'İ', 'ß', 'é', '\u0660', '日', '🎮', 'world', 'Z'];
    const samples = ['', '0', '000', 'x0', 'a007b', 'ABC10def002', `${'1'.repeat(60)}x${'0'.repeat(50)}`, 'file-9999.txt'];
    for (let i = 0; i < 20_000; i += 1) samples.push(Array.from({ length: Math.floor(Math.random() * 8) }, () => pieces[Math.floor(Math.random() * pieces.length)]).join(''));
    for (const name of samples) expect([name, naturalSortKey(name)]).toEqual([name, referenceKey(name)]);
  });
});

describe('isoTime', () => {
  it('prints exactly what Date#toISOString prints', () => {
    const samples = [0, 1, 999, 1_000, 86_399_999, 86_400_000, 951_782_400_000, 1_700_000_000_123.9, Date.now(), -1, -86_400_001, 253_402_300_799_999, 253_402_300_800_000];
    for (let i = 0; i < 2000; i += 1) samples.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(Math.floor(ms)).toISOString());
  });
});

describe('toFileEntry', () => {
  const stats = { mode: 0o100644, size: 12, mtimeMs: 1_700_000_000_123.4, ctimeMs: 1_700_000_100_000, birthtimeMs: 1_700_000_000_123.9 };

  it('prints the creation time apart from the change time, also when they share a millisecond', () => {
    expect(toFileEntry('a.txt', stats)).toMatchObject({ modified_at: '2023-11-14T22:13:20.123Z', created_at: '2023-11-14T22:13:20.123Z' });
    expect(toFileEntry('a.txt', { ...stats, birthtimeMs: 1_600_000_000_000 })).toMatchObject({ modified_at: '2023-11-14T22:13:20.123Z', created_at: '2020-09-13T12:26:40.000Z' });
    // No birth time on this filesystem: the ctime stands in.
    expect(toFileEntry('a.txt', { ...stats, birthtimeMs: 0 })).toMatchObject({ created_at: '2023-11-14T22:15:00.000Z' });
  });
});

describe('mimeOf', () => {
  it('goes by the extension in any case, and has none for names without one', () => {
    expect(['server.properties', 'world.JSON', 'a.Json', 'ops.json', 'latest.log', 'config.YML', 'x.tar.gz'].map((name) => mimeOf(name, false))).toEqual([
      'text/x-java-properties',
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'text/yaml',
      'application/gzip',
    ]);
    // A file named like an extension, dotfiles and a trailing dot have no extension; the first of them does not decide for the others.
    expect(['json', 'eula', '.env', '.json', 'trailing.', 'unknown.zzz9'].map((name) => mimeOf(name, false))).toEqual(Array(6).fill('application/octet-stream'));
    expect(mimeOf('world.json', true)).toBe('inode/directory');
  });
});
