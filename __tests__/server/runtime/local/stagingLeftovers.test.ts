import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedFileSystem } from '../../../../server/src/runtime/RootedFileSystem';
import { removeStagingLeftovers } from '../../../../server/src/runtime/local/stagingLeftovers';
import { createTestApp } from '../../helpers/testApp';

/** What a crash in the middle of each file effect leaves in a server's folder, and near misses that are game files. */
function populate(root: string, outside: string): void {
  mkdirSync(join(root, 'world', 'region'), { recursive: true });
  mkdirSync(join(root, '.upload-0123456789ab'), { recursive: true });
  writeFileSync(join(root, '.upload-0123456789ab', '0'), 'half an upload');
  mkdirSync(join(root, 'plugins', '.extract-abcdefabcdef', 'inner'), { recursive: true });
  writeFileSync(join(root, 'plugins', '.extract-abcdefabcdef', 'inner', 'a.jar'), 'half an archive');
  writeFileSync(join(root, 'world', 'region', '.a1b2c3d4e5f6.tmp'), 'half a pull');
  mkdirSync(join(root, 'world', '.copy-ffffffffffff'));
  writeFileSync(join(root, '.download-000000000000'), 'half a download');
  // Game files whose names only look alike stay.
  writeFileSync(join(root, 'world', 'level.dat.tmp'), 'game');
  writeFileSync(join(root, '.upload-notes'), 'game');
  mkdirSync(join(root, '.extract-0123'));
  writeFileSync(join(root, 'server.properties'), 'motd=hi\n');
  // A link named like a leftover goes as a link; a link to a folder outside is never walked.
  symlinkSync(outside, join(root, '.upload-aaaaaaaaaaaa'));
  symlinkSync(outside, join(root, 'elsewhere'));
}

describe('staging leftovers of interrupted file effects', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'panel-staging-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('are removed at panel start from every server folder, and nothing else is', async () => {
    const dataDir = join(scratch, 'data');
    const outside = join(scratch, 'outside');
    mkdirSync(join(outside, '.upload-bbbbbbbbbbbb'), { recursive: true });
    writeFileSync(join(outside, '.upload-bbbbbbbbbbbb', 'canary'), 'outside');
    writeFileSync(join(outside, '.cccccccccccc.tmp'), 'outside');
    const first = join(dataDir, 'servers', '11111111-1111-4111-8111-111111111111');
    const second = join(dataDir, 'servers', '22222222-2222-4222-8222-222222222222');
    populate(first, outside);
    mkdirSync(join(second, 'deep', 'er'), { recursive: true });
    mkdirSync(join(second, 'deep', 'er', '.upload-123123123123'));

    const t = await createTestApp({ dataDir });
    try {
      expect(existsSync(join(first, '.upload-0123456789ab'))).toBe(false);
      expect(existsSync(join(first, 'plugins', '.extract-abcdefabcdef'))).toBe(false);
      expect(existsSync(join(first, 'world', 'region', '.a1b2c3d4e5f6.tmp'))).toBe(false);
      expect(existsSync(join(first, 'world', '.copy-ffffffffffff'))).toBe(false);
      expect(existsSync(join(first, '.download-000000000000'))).toBe(false);
      expect(existsSync(join(first, '.upload-aaaaaaaaaaaa'))).toBe(false);
      expect(existsSync(join(second, 'deep', 'er', '.upload-123123123123'))).toBe(false);
      expect(existsSync(join(second, 'deep', 'er'))).toBe(true);
      // Game files and folders stay.
      expect(readFileSync(join(first, 'world', 'level.dat.tmp'), 'utf8')).toBe('game');
      expect(readFileSync(join(first, '.upload-notes'), 'utf8')).toBe('game');
      expect(existsSync(join(first, '.extract-0123'))).toBe(true);
      expect(readFileSync(join(first, 'server.properties'), 'utf8')).toBe('motd=hi\n');
      expect(existsSync(join(first, 'plugins'))).toBe(true);
      // Nothing outside the server folders is touched, through a link or otherwise.
      expect(readFileSync(join(outside, '.upload-bbbbbbbbbbbb', 'canary'), 'utf8')).toBe('outside');
      expect(readFileSync(join(outside, '.cccccccccccc.tmp'), 'utf8')).toBe('outside');
    } finally {
      await t.close();
    }
  });

  it('leave alone what an effect started after the given moment is still writing', async () => {
    const root = join(scratch, 'root');
    mkdirSync(join(root, '.upload-0123456789ab'), { recursive: true });
    mkdirSync(join(root, '.upload-ababababab12'));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, '.upload-0123456789ab'), old, old);
    const removed = await removeStagingLeftovers(new RootedFileSystem(root), new Date(Date.now() - 30_000));
    expect(removed).toBe(1);
    expect(existsSync(join(root, '.upload-0123456789ab'))).toBe(false);
    expect(existsSync(join(root, '.upload-ababababab12'))).toBe(true);
  });
});
