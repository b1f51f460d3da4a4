import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..', '..');

/** Runs `npm run panel -- …` (tsx server/src/cli.ts) against a data directory. */
function panel(dataDir: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/src/cli.ts', ...argv], {
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
  beforeAll(async () => {
    t = await createRuntimeTestApp();
  });
  afterAll(() => t.close());

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
