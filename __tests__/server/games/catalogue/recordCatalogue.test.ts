import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RECORDINGS_DIR, startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { localRecordOptions, recordCatalogue } from '../../../../server/src/games/catalogue/offline/recordCatalogue';

/**
 * The recorder is run against the local catalogue server, which answers exactly what the
 * recordings say (addresses and digests filled in): re-recording must give the recordings back,
 * placeholders and all. A live API answers more (newer versions, other fields' values); the
 * second test plays one.
 */

let local: LocalCatalogue;
let out: string;
beforeAll(async () => {
  local = await startLocalCatalogue();
});
afterAll(() => local.close());
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'catalogue-recordings-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
/** A recording as data: unquoted size placeholders quoted, so that it parses. */
const read = (file: string) => (file.endsWith('.xml') ? readFileSync(file, 'utf8') : JSON.parse(readFileSync(file, 'utf8').replace(/(?<!")(\{\{size:[\w.\-+]+\}\})/g, '"$1"')));

it('re-recording the local catalogue gives every recording back, placeholders kept', async () => {
  const { written } = await recordCatalogue({ ...localRecordOptions(local.url), from: RECORDINGS_DIR, to: out });
  const originals = walk(RECORDINGS_DIR)
    .map((file) => relative(RECORDINGS_DIR, file))
    .sort();
  expect([...written].sort()).toEqual(originals);
  for (const name of originals) expect([name, read(join(out, name))]).toEqual([name, read(join(RECORDINGS_DIR, name))]);
});

it('takes live values for the recorded entries, keeps the test artefacts and the entries in use, and drops the rest', async () => {
  const fetchText = async (url: string): Promise<string> => {
    const answer = await fetch(url);
    const text = await answer.text();
    if (url.endsWith('/fabric/v2/versions/loader')) {
      // Live: a newer loader first, and 0.16.10 marked unstable since.
      const loaders = JSON.parse(text) as { version: string; stable: boolean }[];
      return JSON.stringify([
        { separator: '.', build: 11, maven: 'net.fabricmc:fabric-loader:0.17.0', version: '0.17.0', stable: true },
        ...loaders.map((l) => ({ ...l, stable: l.version === '0.16.10' ? false : l.stable })),
      ]);
    }
    if (url.endsWith('/purpur/v2/purpur')) return JSON.stringify({ project: 'purpur', metadata: { current: '1.21.10' }, versions: ['1.20.4', '1.21.3', '1.21.4', '1.21.10'] });
    return text;
  };
  await recordCatalogue({ ...localRecordOptions(local.url), from: RECORDINGS_DIR, to: out, fetchText });
  const loaders = read(join(out, 'fabric/v2/versions/loader.json')) as { version: string; stable: boolean }[];
  expect(loaders.map((l) => [l.version, l.stable])).toEqual([
    ['0.16.10', false],
    ['0.16.9', false],
  ]);
  // "current" names a version the recording does not keep: the recorded one stays.
  expect(read(join(out, 'purpur/v2/purpur.json'))).toEqual({ project: 'purpur', metadata: { current: '1.21.4' }, versions: ['1.20.4', '1.21.3', '1.21.4'] });
  // A build that is a test artefact keeps its placeholder digest.
  expect(readFileSync(join(out, 'purpur/v2/purpur/1.21.4/2388.json'), 'utf8')).toContain('{{md5:purpur-1.21.4-2388}}');
});
