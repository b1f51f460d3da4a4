import { naturalSortKey, sortEntries } from '../../../server/src/files/entryOrder';
import { isoTime } from '../../../server/src/files/toFileEntry';
import type { FileEntryJson } from '../../../server/src/routes/files/schemas';

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
