import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { totpCode } from './helpers/accountFixtures';

jest.setTimeout(120_000);

const root = resolve(__dirname, '../..');
const DEMO_PASSWORD = 'Demo-Password-For-Log-Check';

/**
 * The real server process (npm start's entry) with every log level on: what it prints is
 * searched for the passwords, tokens and codes that went through it.
 */
// The panels started here always run on the embedded database (PGlite), whatever DATABASE_URL
// says, and nothing else here opens a database: the run of the suite on PostgreSQL would repeat
// these tests exactly, so it skips them.
const describeOnEmbeddedDatabase = process.env.DATABASE_URL ? describe.skip : describe;

describeOnEmbeddedDatabase('server logs', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let base = '';
  let demoPassword = DEMO_PASSWORD;
  let demoSecret = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'panel-logs-'));
    // node --import tsx: one Node start (the tsx command starts a second one for the script).
    child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/server.ts')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        PANEL_DATA_DIR: dataDir,
        // The demo servers' disk images would stay mounted under the data dir this test removes.
        PANEL_DISK_IMAGES: 'false',
        PANEL_CLIENT_DIR: join(dataDir, 'no-client'),
        PANEL_SECRET: 'log-test-secret-0123456789',
        PANEL_DEMO_PASSWORD: DEMO_PASSWORD,
        LOG_LEVEL: 'trace',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    base = await new Promise<string>((resolveBase, reject) => {
      const timer = setInterval(() => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolveBase(match[1]);
        }
      }, 100);
      child.on('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, body?: object, token?: string) => {
    const res = await fetch(`${base}/api/v2${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: res.status === 204 ? null : await res.json() };
  };

  it('prints the demo login once and never a password, token or code of the requests', async () => {
    // The demo account exists with the configured password; its file is for scripts.
    expect(readFileSync(join(dataDir, 'demo-credentials.txt'), 'utf8')).toContain(DEMO_PASSWORD);
    const secrets: string[] = [];
    const login = await call('POST', '/auth/login', { login: 'demo', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const token = login.json.data.token as string;
    const wrong = 'Wrong-Password-In-Log-Check';
    expect((await call('POST', '/auth/login', { login: 'demo', password: wrong })).status).toBe(422);
    const enrol = await call('GET', '/account/two-factor', undefined, token);
    const secret = enrol.json.data.secret as string;
    let enableCode = await totpCode(secret, -1);
    let enabled = await call('POST', '/account/two-factor', { code: enableCode, password: DEMO_PASSWORD }, token);
    if (enabled.status === 422) {
      // A busy machine can take the request past a 30-second step: a fresh code once more.
      enableCode = await totpCode(secret, -1);
      enabled = await call('POST', '/account/two-factor', { code: enableCode, password: DEMO_PASSWORD }, token);
    }
    expect(enabled.status).toBe(200);
    const pending = await call('POST', '/auth/login', { login: 'demo', password: DEMO_PASSWORD });
    const confirmation = pending.json.data.confirmation_token as string;
    const code = await totpCode(secret);
    const done = await call('POST', '/auth/login-checkpoint', { token: confirmation, authentication_code: code });
    expect(done.status).toBe(200);
    const newPassword = 'New-Password-In-Log-Check';
    expect((await call('PUT', '/account/password', { current_password: DEMO_PASSWORD, password: newPassword, password_confirmation: newPassword }, token)).status).toBe(200);
    expect((await call('POST', '/auth/logout', undefined, token)).status).toBe(204);
    secrets.push(token, wrong, secret, enableCode, confirmation, code, done.json.data.token, newPassword, ...enabled.json.data.recovery_codes);

    // Let the last lines reach the pipe.
    await new Promise((r) => setTimeout(r, 300));
    expect(output).toMatch(/incoming request/);
    expect(output.split(DEMO_PASSWORD).length - 1).toBe(1);
    for (const value of secrets) expect(output).not.toContain(value);
    demoPassword = newPassword;
    demoSecret = secret;
  });

  it('never prints the grant of a download URL, nor a token in a link’s address', async () => {
    const pending = await call('POST', '/auth/login', { login: 'demo', password: demoPassword });
    const login = await call('POST', '/auth/login-checkpoint', { token: pending.json.data.confirmation_token, authentication_code: await totpCode(demoSecret, 1) });
    expect(login.status).toBe(200);
    const token = login.json.data.token as string;
    const servers = await call('GET', '/servers', undefined, token);
    const server = servers.json.data[0].identifier as string;
    const written = await fetch(`${base}/api/v2/servers/${server}/files/write?file=notes.txt`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
      body: 'hello',
    });
    expect(written.status).toBe(204);
    const grant = await call('GET', `/servers/${server}/files/download?file=notes.txt`, undefined, token);
    expect(grant.status).toBe(200);
    const downloadUrl = grant.json.data.url as string;
    const download = await fetch(`${base}${downloadUrl}`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    // The other kinds of secret addresses, as a browser opens them (the reset link from its mail).
    expect((await call('POST', '/auth/forgot-password', { email: 'demo@example.com' })).status).toBe(202);
    const resetToken = await new Promise<string>((resolveToken, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        const mails = existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')) : [];
        const text = mails
          .map((name) => readFileSync(join(dataDir, 'outbox', name), 'utf8'))
          .join('\n')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const match = /reset-password\?token=([\w-]+)/.exec(text);
        if (match) {
          clearInterval(timer);
          resolveToken(match[1]);
        } else if (Date.now() - started > 30_000) {
          clearInterval(timer);
          reject(new Error(`no reset mail in ${dataDir}/outbox`));
        }
      }, 100);
    });
    const backupGrant = 'Bk7x2QmZ4vN8pL0sT6yR1wE5uI9oA3dF7gH2jK4lM6n';
    const invitation = 'Iv3nT9xQ2mZ7bW5cY1pL8sR4kD6fG0hJ2aV9eU3oN5t';
    await fetch(`${base}/reset-password?token=${resetToken}`);
    await fetch(`${base}/?invitation=${invitation}`);
    await fetch(`${base}/api/v2/backups/download/${backupGrant}`);
    expect((await call('POST', '/auth/logout', undefined, token)).status).toBe(204);

    await new Promise((r) => setTimeout(r, 300));
    const grantToken = downloadUrl.split('/download/')[1].split('?')[0];
    expect(output).toContain('notes.txt');
    expect(output).toContain('[redacted]');
    for (const value of [grantToken, ...grantToken.split('.'), resetToken, backupGrant, invitation, token]) expect(output).not.toContain(value);
  });
});
