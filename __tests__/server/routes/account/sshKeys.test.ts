import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readableEd25519Keys } from '../../services/sftp/sftpClient';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';

jest.setTimeout(60_000);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let dir: string;
let made = 0;

/** A key pair made by OpenSSH's own ssh-keygen (installed by ensure-package.sh when missing). */
function sshKeygen(type: string, bits?: number): { publicKey: string; fingerprint: string } {
  const file = join(dir, `${type}-${bits ?? 'default'}-${(made += 1)}`);
  execFileSync('ssh-keygen', ['-q', '-t', type, ...(bits ? ['-b', String(bits)] : []), '-N', '', '-C', 'me@laptop', '-f', file]);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1];
  return { publicKey: readFileSync(`${file}.pub`, 'utf8'), fingerprint };
}

const add = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/account/ssh-keys', headers: user.headers, payload });
const list = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/v2/account/ssh-keys', headers: user.headers });

beforeAll(async () => {
  execFileSync('bash', [join(__dirname, '../../../../scripts/ensure-package.sh'), '/usr/bin/ssh-keygen', 'openssh-client'], { stdio: 'inherit', timeout: 300_000 });
  dir = mkdtempSync(join(tmpdir(), 'ssh-keys-'));
  t = await createTestApp();
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('SSH keys of the account', () => {
  it('adds Ed25519, ECDSA and RSA 2048 keys with the fingerprint ssh-keygen shows, and lists them', async () => {
    const keys = [sshKeygen('ed25519'), sshKeygen('ecdsa', 384), sshKeygen('rsa', 2048)];
    for (const [i, key] of keys.entries()) {
      const res = await add(alice, { name: `key ${i}`, public_key: key.publicKey });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ name: `key ${i}`, fingerprint: key.fingerprint, last_used_at: null });
    }
    const listed = (await list(alice)).json();
    expect(listed.data.map((key: { fingerprint: string }) => key.fingerprint)).toEqual(keys.map((key) => key.fingerprint));
    expect(listed.meta).toEqual({ key_only: false });
    // Another account sees none of them.
    expect((await list(bob)).json().data).toEqual([]);
  });

  it.each([
    ['an RSA key under 2048 bits', () => sshKeygen('rsa', 1024).publicKey, /at least 2048 bits/],
    ['a DSA key', () => sshKeygen('dsa').publicKey, /Ed25519, ECDSA or RSA/],
    ['a private key', () => readableEd25519Keys().private, /never the private key/],
    ['text that is no key', () => 'ssh-ed25519 not-base64!!', /not an OpenSSH public key/],
  ])('refuses %s with 422 on public_key and stores nothing', async (_label, key, message) => {
    const before = (await list(bob)).json().data.length;
    const res = await add(bob, { name: 'bad', public_key: key() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.public_key[0]).toMatch(message);
    expect((await list(bob)).json().data).toHaveLength(before);
  });

  it('refuses the same key twice, and removes a key only for its own account', async () => {
    const key = sshKeygen('ed25519');
    const first = await add(bob, { name: 'one', public_key: key.publicKey });
    expect((await add(bob, { name: 'again', public_key: key.publicKey })).statusCode).toBe(422);
    const url = `/api/v2/account/ssh-keys/${first.json().data.uuid}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob.headers })).statusCode).toBe(204);
    expect((await list(bob)).json().data).toEqual([]);
  });

  it('turns key-only SFTP on and off', async () => {
    const on = await t.app.inject({ method: 'PUT', url: '/api/v2/account/sftp', headers: alice.headers, payload: { key_only: true } });
    expect(on.json()).toEqual({ data: { key_only: true } });
    expect((await list(alice)).json().meta).toEqual({ key_only: true });
    expect((await t.app.inject({ method: 'PUT', url: '/api/v2/account/sftp', headers: alice.headers, payload: { key_only: 'yes' } })).statusCode).toBe(422);
  });
});
