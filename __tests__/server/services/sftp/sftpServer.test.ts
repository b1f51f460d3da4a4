import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { auditLogs, plans, serverPermissions, servers, users } from '../../../../server/src/db/schema';
import { hashPassword } from '../../../../server/src/services/auth/passwords';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { waitFor } from '../../helpers/waitFor';
import { createFilesKit, type FilesKit } from '../files/filesTestKit';
import { call, connectSftp, readableEd25519Keys, statusOfCall, upload, type SftpConnection } from './sftpClient';

jest.setTimeout(120_000);

const run = promisify(execFile);

const PASSWORD = 'sftp-password-1';
const DENIED = 3;
const NO_SUCH_FILE = 2;
const FAILURE = 4;

let kit: FilesKit;
let port: number;
let subuser: TestUser;
const open: SftpConnection[] = [];

const ownerLogin = () => `${kit.owner.user.username}.${kit.server.shortId}`;
const signIn = async (username: string, auth: { password?: string; privateKey?: string }) => {
  const connection = await connectSftp(port, username, auth);
  open.push(connection);
  return connection;
};
const refused = (username: string, auth: { password?: string; privateKey?: string }) =>
  connectSftp(port, username, auth).then(
    (connection) => {
      connection.end();
      return 'signed in';
    },
    (error: Error) => error.message,
  );
const share = (keys: string[]) => kit.t.app.db.update(serverPermissions).set({ permissions: keys }).where(eq(serverPermissions.userId, subuser.user.id));

beforeAll(async () => {
  kit = await createFilesKit();
  port = (await kit.t.app.sftp.start(0))!;
  subuser = await createTestUser(kit.t.app);
  const passwordHash = await hashPassword(PASSWORD);
  for (const user of [kit.owner.user, subuser.user]) await kit.t.app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await kit.t.app.db.insert(serverPermissions).values({ serverId: kit.server.id, userId: subuser.user.id, permissions: [] });
  await kit.files.mkdir('world');
  await kit.files.write('world/level.dat', 'level');
});
afterEach(() => open.splice(0).forEach((connection) => connection.end()));
afterAll(() => kit.t.close());

describe('the owner over SFTP with the ssh2 client', () => {
  it('uploads, lists, downloads, renames, makes folders and deletes through the file port, audited', async () => {
    const { sftp, end, closed } = await signIn(ownerLogin(), { password: PASSWORD });
    expect(await call<string>(sftp, 'realpath', '.')).toBe('/');
    await call(sftp, 'mkdir', '/plugins');
    await upload(sftp, '/plugins/config.yml', 'motd: hello\n');
    expect(await kit.files.text('plugins/config.yml')).toBe('motd: hello\n');
    const listing = await call<Array<{ filename: string }>>(sftp, 'readdir', '/');
    expect(listing.map((entry) => entry.filename).sort()).toEqual(expect.arrayContaining(['plugins', 'world']));
    expect(String(await call<Buffer>(sftp, 'readFile', '/world/level.dat'))).toBe('level');
    await call(sftp, 'rename', '/plugins/config.yml', '/plugins/settings.yml');
    expect(await kit.files.names('plugins')).toEqual(['settings.yml']);
    await call(sftp, 'unlink', '/plugins/settings.yml');
    await call(sftp, 'rmdir', '/plugins');
    expect(await kit.files.exists('plugins')).toBe(false);
    end();
    await closed;
    const events = await waitFor(async () => {
      const rows = await kit.t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, kit.server.uuid));
      const names = rows.map((row) => row.event);
      return names.includes('server.sftp.rename') ? rows : null;
    });
    const byEvent = Object.fromEntries(events.map((row) => [row.event, row.properties]));
    expect(byEvent['server.sftp.login']).toEqual({ method: 'password' });
    expect(byEvent['server.sftp.upload']).toEqual({ files: ['/plugins/config.yml'], count: 1 });
    expect(byEvent['server.sftp.rename']).toEqual({ files: ['/plugins/config.yml → /plugins/settings.yml'], count: 1 });
    expect(byEvent['server.sftp.delete']).toEqual({ files: ['/plugins/settings.yml'], count: 1 });
  });

  it('keeps every path inside the server: `..` above the root is refused, absolute paths are the server’s own', async () => {
    const { sftp } = await signIn(ownerLogin(), { password: PASSWORD });
    expect(await statusOfCall(call(sftp, 'readFile', '../../outside/canary.txt'))).toBe(DENIED);
    expect(await statusOfCall(call(sftp, 'readdir', '/..'))).toBe(DENIED);
    expect(await statusOfCall(call(sftp, 'readFile', '/etc/passwd'))).toBe(NO_SUCH_FILE);
    expect(await statusOfCall(upload(sftp, '/../escape.txt', 'x'))).toBe(DENIED);
    kit.expectCanariesUntouched();
  });

  it('follows no link and makes none', async () => {
    await kit.files.link(kit.files.onDisk ? `${kit.outside}/canary.txt` : '../outside/canary.txt', 'world/link.txt');
    const { sftp } = await signIn(ownerLogin(), { password: PASSWORD });
    expect(await statusOfCall(call(sftp, 'readFile', '/world/link.txt'))).toBe(DENIED);
    expect(await statusOfCall(upload(sftp, '/world/link.txt', 'overwritten'))).toBe(DENIED);
    expect(await statusOfCall(call(sftp, 'symlink', '/etc/passwd', '/world/passwd'))).toBe(DENIED);
    expect(await kit.files.exists('world/passwd')).toBe(false);
    kit.expectCanariesUntouched();
  });

  it('refuses an upload over the plan’s disk space and leaves nothing of it', async () => {
    const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.id, kit.server.planId));
    await kit.t.app.db.update(plans).set({ diskMb: 1 }).where(eq(plans.id, plan.id));
    try {
      const { sftp } = await signIn(ownerLogin(), { password: PASSWORD });
      expect(await statusOfCall(upload(sftp, '/big.bin', Buffer.alloc(2 * 1024 * 1024, 1)))).toBe(FAILURE);
      expect(await kit.files.exists('big.bin')).toBe(false);
    } finally {
      await kit.t.app.db.update(plans).set({ diskMb: plan.diskMb }).where(eq(plans.id, plan.id));
    }
  });
});

describe('who may sign in, and what they may do', () => {
  it('answers the SFTP details with the server to those holding file.sftp only', async () => {
    const owner = await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}`, headers: kit.owner.headers });
    expect(owner.json().data.sftp).toEqual({ host: '127.0.0.1', port, username: ownerLogin() });
    const other = await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}`, headers: subuser.headers });
    expect(other.json().data.sftp).toBeUndefined();
  });

  it('refuses a subuser without file.sftp, and one with read access only may not write', async () => {
    const login = `${subuser.user.username}.${kit.server.shortId}`;
    await share(['file.read', 'file.read-content', 'file.create']);
    expect(await refused(login, { password: PASSWORD })).toMatch(/authentication methods failed/);
    await share(['file.sftp', 'file.read', 'file.read-content']);
    const { sftp } = await signIn(login, { password: PASSWORD });
    expect((await call<Array<{ filename: string }>>(sftp, 'readdir', '/world')).map((entry) => entry.filename)).toContain('level.dat');
    expect(await statusOfCall(upload(sftp, '/world/new.txt', 'new'))).toBe(DENIED);
    expect(await statusOfCall(upload(sftp, '/world/level.dat', 'replaced'))).toBe(DENIED);
    expect(await statusOfCall(call(sftp, 'unlink', '/world/level.dat'))).toBe(DENIED);
    expect(await statusOfCall(call(sftp, 'mkdir', '/made'))).toBe(DENIED);
    expect(await kit.files.names('world')).not.toContain('new.txt');
    expect(await kit.files.text('world/level.dat')).toBe('level');
  });

  it('ends a session when the share is taken away, and refuses a suspended server', async () => {
    const login = `${subuser.user.username}.${kit.server.shortId}`;
    await share(['file.sftp', 'file.read']);
    const { sftp, closed } = await signIn(login, { password: PASSWORD });
    await call(sftp, 'readdir', '/');
    await kit.t.app.db.delete(serverPermissions).where(eq(serverPermissions.userId, subuser.user.id));
    await closed;
    await kit.t.app.db.insert(serverPermissions).values({ serverId: kit.server.id, userId: subuser.user.id, permissions: ['file.sftp', 'file.read'] });
    await kit.t.app.db.update(servers).set({ suspended: true }).where(eq(servers.id, kit.server.id));
    try {
      expect(await refused(ownerLogin(), { password: PASSWORD })).toMatch(/authentication methods failed/);
    } finally {
      await kit.t.app.db.update(servers).set({ suspended: false }).where(eq(servers.id, kit.server.id));
    }
  });

  it('signs in with an SSH key from the account page; key-only refuses the password; a password change ends sessions', async () => {
    const keys = readableEd25519Keys();
    const added = await kit.t.app.inject({ method: 'POST', url: '/api/v2/account/ssh-keys', headers: kit.owner.headers, payload: { name: 'laptop', public_key: keys.public } });
    expect(added.statusCode).toBe(201);
    await kit.t.app.inject({ method: 'PUT', url: '/api/v2/account/sftp', headers: kit.owner.headers, payload: { key_only: true } });
    expect(await refused(ownerLogin(), { password: PASSWORD })).toMatch(/authentication methods failed/);
    const { sftp, closed } = await signIn(ownerLogin(), { privateKey: keys.private });
    expect(String(await call<Buffer>(sftp, 'readFile', '/world/level.dat'))).toBe('level');
    const listed = await kit.t.app.inject({ method: 'GET', url: '/api/v2/account/ssh-keys', headers: kit.owner.headers });
    expect(listed.json().data[0].last_used_at).not.toBeNull();
    await kit.t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('another-password') })
      .where(eq(users.id, kit.owner.user.id));
    await closed;
    await kit.t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, kit.owner.user.id));
    await kit.t.app.inject({ method: 'PUT', url: '/api/v2/account/sftp', headers: kit.owner.headers, payload: { key_only: false } });
    const other = readableEd25519Keys();
    expect(await refused(ownerLogin(), { privateKey: other.private })).toMatch(/authentication methods failed/);
  });

  it('refuses the password of an account with two-factor (a key still works)', async () => {
    await kit.t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, kit.owner.user.id));
    try {
      expect(await refused(ownerLogin(), { password: PASSWORD })).toMatch(/authentication methods failed/);
    } finally {
      await kit.t.app.db.update(users).set({ useTotp: false }).where(eq(users.id, kit.owner.user.id));
    }
  });
});

describe("OpenSSH's sftp in batch mode", () => {
  it('puts, gets, renames, lists and removes with a key', async () => {
    ensureOpenSsh();
    const dir = mkdtempSync(join(tmpdir(), 'sftp-openssh-'));
    try {
      const keys = readableEd25519Keys();
      await kit.t.app.inject({ method: 'POST', url: '/api/v2/account/ssh-keys', headers: kit.owner.headers, payload: { name: 'openssh', public_key: keys.public } });
      writeFileSync(join(dir, 'id'), keys.private, { mode: 0o600 });
      writeFileSync(join(dir, 'local.txt'), 'from openssh\n');
      const batch = [
        'mkdir /mods',
        `put ${join(dir, 'local.txt')} /mods/a.txt`,
        'rename /mods/a.txt /mods/b.txt',
        'ls /mods',
        `get /mods/b.txt ${join(dir, 'back.txt')}`,
        'rm /mods/b.txt',
        'rmdir /mods',
      ];
      writeFileSync(join(dir, 'batch'), `${batch.join('\n')}\n`);
      // Asynchronously: the SFTP server answering it runs in this very process.
      const openSsh = (batchFile: string) =>
        run(
          'sftp',
          [
            '-b',
            batchFile,
            '-P',
            String(port),
            '-i',
            join(dir, 'id'),
            '-o',
            'StrictHostKeyChecking=no',
            '-o',
            `UserKnownHostsFile=${join(dir, 'known_hosts')}`,
            '-o',
            'BatchMode=yes',
            `${ownerLogin()}@127.0.0.1`,
          ],
          {
            cwd: dir,
            timeout: 60_000,
          },
        );
      const { stdout } = await openSsh(join(dir, 'batch'));
      expect(stdout).toContain('b.txt');
      expect(readFileSync(join(dir, 'back.txt'), 'utf8')).toBe('from openssh\n');
      expect(await kit.files.exists('mods')).toBe(false);
      // Refused over OpenSSH too: a path above the root.
      writeFileSync(join(dir, 'escape'), 'get ../outside/canary.txt\n');
      await expect(openSsh(join(dir, 'escape'))).rejects.toThrow(/denied|outside/i);
      expect(existsSync(join(dir, 'canary.txt'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('guessing passwords', () => {
  // Last: it spends the address's login budget.
  it('refuses wrong passwords and, after the login’s limit, the right one too', async () => {
    const login = ownerLogin();
    for (let attempt = 0; attempt < 10; attempt++) expect(await refused(login, { password: `wrong-${attempt}` })).toMatch(/authentication methods failed/);
    expect(await refused(login, { password: PASSWORD })).toMatch(/authentication methods failed/);
    const failures = await kit.t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'auth.fail'));
    expect(failures.length).toBeGreaterThanOrEqual(10);
  });
});

/** OpenSSH's client from Debian, installed by the test set-up's ensure-package.sh when missing. */
function ensureOpenSsh(): void {
  execFileSync('bash', [join(__dirname, '../../../../scripts/ensure-package.sh'), '/usr/bin/sftp', 'openssh-client'], { stdio: 'inherit', timeout: 300_000 });
}
