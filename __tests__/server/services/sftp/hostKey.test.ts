import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SftpConfig } from '../../../../server/src/config/PanelConfig';
import { HOST_KEY_FILE, loadHostKey } from '../../../../server/src/services/sftp/hostKey';

const sftp: SftpConfig = { port: 0 };

describe('the SFTP host key', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'panel-hostkey-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated readable every time (the generator alone writes an unreadable key about once in 300)', () => {
    for (let i = 0; i < 1500; i++) {
      rmSync(join(dir, HOST_KEY_FILE), { force: true });
      expect(loadHostKey({ dataDir: dir, sftp }).fingerprint).toMatch(/^SHA256:/);
    }
    expect(statSync(join(dir, HOST_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('is kept from start to start, and an unreadable generated one is replaced', () => {
    const first = loadHostKey({ dataDir: dir, sftp });
    expect(loadHostKey({ dataDir: dir, sftp }).fingerprint).toBe(first.fingerprint);
    writeFileSync(join(dir, HOST_KEY_FILE), '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----\n');
    expect(loadHostKey({ dataDir: dir, sftp }).fingerprint).toMatch(/^SHA256:/);
    expect(readFileSync(join(dir, HOST_KEY_FILE), 'utf8')).not.toContain('not a key');
  });
});
