import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils } from 'ssh2';
import type { SftpConfig } from '../../config/PanelConfig';
import { fingerprintOf } from './publicKeys';

/** Where the generated host key is kept in the data directory. */
export const HOST_KEY_FILE = 'sftp_host_ed25519_key';

type ParsedKey = Exclude<ReturnType<typeof utils.parseKey>, Error | unknown[]>;

/** The key parsed, when it is a readable, unencrypted private key; otherwise null. */
function privateKeyOf(key: Buffer | string): ParsedKey | null {
  const parsed = utils.parseKey(key);
  return parsed instanceof Error || Array.isArray(parsed) || !parsed.isPrivateKey() ? null : parsed;
}

/**
 * A new Ed25519 host key in OpenSSH's format. ssh2's generator now and then writes one it cannot
 * read itself (about one in three hundred: a public key whose leading zero byte went missing),
 * which would stop every later start: each is read back before it is kept.
 */
function generateHostKey(): string {
  for (;;) {
    const key = utils.generateKeyPairSync('ed25519').private;
    if (privateKeyOf(key)) return key;
  }
}

/**
 * The SFTP server's host key: the file PANEL_SFTP_HOST_KEY names, or an Ed25519 key generated
 * once into the data directory (mode 600, written whole before it takes its name), so clients see
 * the same host on every start and can trust it once. A generated key that cannot be read (one
 * an earlier version kept) never let the panel start, so it is replaced.
 */
export function loadHostKey(config: { dataDir: string; sftp: SftpConfig }): { key: Buffer; fingerprint: string } {
  let key: Buffer;
  if (config.sftp.hostKeyFile) key = readFileSync(config.sftp.hostKeyFile);
  else {
    const file = join(config.dataDir, HOST_KEY_FILE);
    if (!existsSync(file) || !privateKeyOf(readFileSync(file))) {
      const staged = `${file}.${process.pid}.new`;
      writeFileSync(staged, generateHostKey(), { mode: 0o600 });
      renameSync(staged, file);
    }
    key = readFileSync(file);
  }
  const parsed = privateKeyOf(key);
  if (!parsed) throw new Error('The SFTP host key is not a readable, unencrypted private key.');
  return { key, fingerprint: fingerprintOf(parsed.getPublicSSH()) };
}
