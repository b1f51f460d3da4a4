import { sortEntries } from '../../../server/src/files/listDirectory';
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
