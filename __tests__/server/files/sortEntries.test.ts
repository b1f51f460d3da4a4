import { sortEntries } from '../../../server/src/files/listDirectory';
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

describe('isoTime', () => {
  it('prints exactly what Date#toISOString prints', () => {
    const samples = [0, 1, 999, 1_000, 86_399_999, 86_400_000, 951_782_400_000, 1_700_000_000_123.9, Date.now(), -1, -86_400_001, 253_402_300_799_999, 253_402_300_800_000];
    for (let i = 0; i < 2000; i += 1) samples.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(Math.floor(ms)).toISOString());
  });
});
