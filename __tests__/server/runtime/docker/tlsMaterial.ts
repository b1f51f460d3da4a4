import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * Certificates made with openssl as a host makes them (see the README's "Adding a Docker node"),
 * in a folder of their own: a CA and client certificates it signs, expired ones included.
 */
export class TlsMaterial {
  readonly dir = mkdtempSync(join(tmpdir(), 'panel-tls-'));
  private made = 0;

  constructor(readonly caName = 'other CA') {
    this.openssl(['req', '-x509', '-new', ...ec, '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-days', '30', '-subj', `/CN=${caName}`]);
  }

  get ca(): string {
    return readFileSync(join(this.dir, 'ca.pem'), 'utf8');
  }

  /** A client certificate and its key signed by this CA, valid for `days` (negative: expired). */
  client(days = 30): { cert: string; key: string } {
    const n = ++this.made;
    writeFileSync(join(this.dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
    this.openssl(['req', '-new', ...ec, '-keyout', `key${n}.pem`, '-out', `client${n}.csr`, '-subj', '/CN=panel']);
    this.openssl(['x509', '-req', '-in', `client${n}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-days', String(days), '-extfile', 'client.ext', '-out', `cert${n}.pem`]);
    return { cert: readFileSync(join(this.dir, `cert${n}.pem`), 'utf8'), key: readFileSync(join(this.dir, `key${n}.pem`), 'utf8') };
  }

  /** A key protected by a passphrase (the panel cannot use one: it has no one to ask). */
  encryptedKey(key: string): string {
    writeFileSync(join(this.dir, 'plain.pem'), key);
    this.openssl(['pkey', '-in', 'plain.pem', '-aes256', '-passout', 'pass:secret', '-out', 'encrypted.pem']);
    return readFileSync(join(this.dir, 'encrypted.pem'), 'utf8');
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private openssl(args: string[]): void {
    execFileSync('openssl', args, { cwd: this.dir, stdio: 'pipe' });
  }
}
