import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { nodes } from '../../../server/src/db/schema';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { makeTestTls } from '../helpers/testCertificates';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..', '..');

/**
 * Runs what `npm run panel -- …` runs (server/src/cli.ts through tsx) against a data directory:
 * `node --import tsx` is one Node start, where the tsx command starts a second one for the script.
 */
function panel(dataDir: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...argv], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', PANEL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('npm run panel with the panel running', () => {
  let t: TestApp;
  const certs = mkdtempSync(join(tmpdir(), 'panel-cli-tls-'));
  beforeAll(async () => {
    t = await createRuntimeTestApp();
  });
  afterAll(async () => {
    await t.close();
    rmSync(certs, { recursive: true, force: true });
  });

  it('sends its commands to the panel, mirroring the admin API', async () => {
    const created = await panel(t.config.dataDir, 'admin-key:create', '--description', 'WHMCS');
    expect(created.code).toBe(0);
    const { key, identifier } = JSON.parse(created.stdout);
    expect(key).toMatch(/^padm_/);
    const plans = await t.app.inject({ method: 'GET', url: '/api/v2/admin/plans', headers: { authorization: `Bearer ${key}` } });
    expect(plans.statusCode).toBe(200);

    const user = await panel(t.config.dataDir, 'users:create', '--username', 'cliuser', '--email', 'cli@example.com');
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ username: 'cliuser', suspended: false, password: expect.any(String) });

    const server = await panel(t.config.dataDir, 'servers:create', '--owner', 'cliuser', '--template', 'test-fixture', '--plan', 'minecraft-budget', '--name', 'From CLI', '--var', 'MODE=echo');
    expect(server.code).toBe(0);
    const shown = JSON.parse(server.stdout);
    expect(shown).toMatchObject({ name: 'From CLI', owner: 'cliuser', install_status: 'installed', suspended: false, state: 'offline' });

    expect(JSON.parse((await panel(t.config.dataDir, 'servers:suspend', shown.identifier)).stdout).suspended).toBe(true);
    expect(JSON.parse((await panel(t.config.dataDir, 'servers:plan', shown.identifier, 'minecraft-premium')).stdout).plan).toBe('minecraft-premium');

    const refused = await panel(t.config.dataDir, 'users:delete', 'cliuser');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error (409)');
    expect((await panel(t.config.dataDir, 'servers:delete', shown.identifier)).code).toBe(0);
    expect((await panel(t.config.dataDir, 'users:delete', 'cliuser')).code).toBe(0);

    expect((await panel(t.config.dataDir, 'admin-key:revoke', identifier)).code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/plans', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(401);

    const unknown = await panel(t.config.dataDir, 'servers:explode');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command');
  });

  // Nodes from the command line, on the same running panel.
  it('adds a tcp node with certificates read from files, lists it, holds it in maintenance and removes it', async () => {
    const tls = makeTestTls();
    for (const [name, pem] of Object.entries(tls)) writeFileSync(join(certs, `${name}.pem`), pem, { mode: 0o600 });
    // The engine is unreachable: the node is added all the same, offline.
    const added = await panel(
      t.config.dataDir,
      'nodes:add',
      '--name',
      'node-cli',
      '--driver',
      'docker',
      '--docker-host',
      'tcp://127.0.0.1:1',
      '--tls-ca',
      join(certs, 'ca.pem'),
      '--tls-cert',
      join(certs, 'cert.pem'),
      '--tls-key',
      join(certs, 'key.pem'),
      '--public-host',
      '10.90.0.1',
      '--ports',
      '30000-30099',
      '--memory-mb',
      '4096',
      '--location',
      'Lab',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).not.toContain('BEGIN');
    expect(JSON.parse(added.stdout)).toMatchObject({ name: 'node-cli', driver: 'docker', tls: true, port_range: '30000-30099', memory_mb: 4096, disk_mb: null, location: 'Lab', state: 'offline' });
    const [row] = await t.app.db.select().from(nodes).where(eq(nodes.name, 'node-cli'));
    expect(row.tlsSealed).not.toContain('BEGIN');

    const listed = JSON.parse((await panel(t.config.dataDir, 'nodes:list')).stdout) as { name: string }[];
    expect(listed.map((node) => node.name)).toEqual(['local', 'node-cli']);
    expect(JSON.parse((await panel(t.config.dataDir, 'nodes:maintenance', 'node-cli', 'on')).stdout).state).toBe('maintenance');

    const noTls = await panel(t.config.dataDir, 'nodes:add', '--name', 'bare', '--driver', 'docker', '--docker-host', 'tcp://127.0.0.1:2376', '--public-host', '10.90.0.2', '--ports', '30000-30099');
    expect(noTls.code).toBe(1);
    expect(noTls.stderr).toContain('Error (422)');
    expect(noTls.stderr).toContain('tls: A tcp:// engine is reached over mutual TLS only');
    const missingFile = await panel(t.config.dataDir, 'nodes:add', '--name', 'bare', '--tls-ca', join(certs, 'absent.pem'));
    expect(missingFile.code).toBe(1);
    expect(missingFile.stderr).toContain('cannot read');

    expect(JSON.parse((await panel(t.config.dataDir, 'nodes:remove', 'node-cli')).stdout)).toEqual({ removed: true });
    expect(JSON.parse((await panel(t.config.dataDir, 'nodes:list')).stdout)).toHaveLength(1);
  });
});

describe('npm run panel without a running panel', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens the embedded database itself', async () => {
    const created = await panel(dataDir, 'users:create', '--username', 'offline', '--email', 'offline@example.com', '--password', 'password-123');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const shown = await panel(dataDir, 'users:show', 'offline@example.com');
    expect(JSON.parse(shown.stdout)).toMatchObject({ username: 'offline', email: 'offline@example.com' });
    const help = await panel(dataDir, 'help');
    expect(help.stdout).toContain('servers:create --owner USER');
  });
});
