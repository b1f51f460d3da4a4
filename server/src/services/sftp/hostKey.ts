import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils } from 'ssh2';
import type { SftpConfig } from '../../config/PanelConfig';
import { fingerprintOf } from './publicKeys';

/** Where the generated host key is kept in the data directory. */
export const HOST_KEY_FILE = 'sftp_host_ed25519_key';

/**
 * The SFTP server's host key: the file PANEL_SFTP_HOST_KEY names, or an Ed25519 key generated
 * once into the data directory (mode 600), so clients see the same host on every start and
 * can trust it once.
 */
export function loadHostKey(config: { dataDir: string; sftp: SftpConfig }): { key: Buffer; fingerprint: string } {
  let key: Buffer;
  if (config.sftp.hostKeyFile) key = readFileSync(config.sftp.hostKeyFile);
  else {
    const file = join(config.dataDir, HOST_KEY_FILE);
    if (!existsSync(file)) writeFileSync(file, utils.generateKeyPairSync('ed25519').private, { mode: 0o600, flag: 'wx' });
    key = readFileSync(file);
  }
  const parsed = utils.parseKey(key);
  if (parsed instanceof Error || Array.isArray(parsed) || !parsed.isPrivateKey()) throw new Error('The SFTP host key is not a readable, unencrypted private key.');
  return { key, fingerprint: fingerprintOf(parsed.getPublicSSH()) };
}
