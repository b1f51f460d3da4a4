import { readFileSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { allocations, type ServerRow } from '../../../server/src/db/schema';
import { readProcess } from '../../../server/src/runtime/local/procfs';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
const lines: string[] = [];
let bot: ChildProcessWithoutNullStreams | null = null;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Squid' });
  t.app.runtime.events.subscribe(server.uuid, (event) => {
    if (event.type === 'output') lines.push(event.line);
  });
});
afterAll(async () => {
  bot?.kill('SIGKILL');
  await t.close();
});

async function port(): Promise<number> {
  const [row] = await t.app.db.select().from(allocations).where(eq(allocations.id, server.allocationId!));
  return row.port;
}

describe('Minecraft on flying-squid', () => {
  it('installs without a download and writes server.properties', async () => {
    expect(server.installStatus).toBe('installed');
    const properties = (await t.app.runtime.driver.files(server.uuid).readFile('server.properties')).toString();
    expect(properties).toMatch(/^online-mode=false$/m);
    expect(properties).toMatch(/^max-players=20$/m);
  });

  it('starts on its allocation and the Done line flips the state to running', async () => {
    await t.app.runtime.power(server, 'start');
    expect(t.app.runtime.state(server.uuid)).toBe('starting');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    expect(lines.some((l) => /Done \(\d+\.\d{3}s\)! For help, type "help"/.test(l))).toBe(true);
    const gamePort = await port();
    expect(lines.some((l) => l.includes(`Starting Minecraft server on 127.0.0.1:${gamePort}`))).toBe(true);
    const properties = (await t.app.runtime.driver.files(server.uuid).readFile('server.properties')).toString();
    expect(properties).toContain(`server-port=${gamePort}`);
  });

  it('answers `list` in the vanilla format', async () => {
    await t.app.runtime.sendCommand(server, 'list');
    await waitFor(() => lines.some((l) => l.endsWith('There are 0 of a max of 20 players online: ')), { what: 'list answer' });
  });

  it('lets a real Minecraft client join; `list` and the player count show it', async () => {
    bot = spawn(process.execPath, [join(__dirname, 'fixtures', 'mineflayerJoin.cjs'), '127.0.0.1', String(await port()), 'Tester']);
    const botOutput: string[] = [];
    bot.stdout.on('data', (d: Buffer) => botOutput.push(...d.toString().split('\n').filter(Boolean)));
    await waitFor(() => botOutput.includes('spawned'), { what: `mineflayer spawn (${botOutput.join(' | ')})`, timeoutMs: 60_000 });
    await t.app.runtime.sendCommand(server, '/list');
    await waitFor(() => lines.some((l) => l.endsWith('There are 1 of a max of 20 players online: Tester')), { what: 'list with Tester' });
    // The online list comes from the server itself (a protocol line at each join), never from the
    // status ping's sample, which can lag behind its count.
    await waitFor(() => t.app.runtime.players.list(server.uuid)?.some((p) => p.name === 'Tester'), { what: 'Tester reported online' });
    const resources = await waitFor(
      async () => {
        const r = await t.app.runtime.resources(server);
        // The game may list the count a moment before the name: wait for both.
        return r.players?.online === 1 && r.players.sample?.length ? r : null;
      },
      { what: 'player count' },
    );
    expect(resources.players).toEqual({ online: 1, max: 20, sample: ['Tester'] });
    expect(resources.memoryBytes).toBeGreaterThan(30 * 1024 * 1024);
    bot.stdin.write('quit\n');
    await waitFor(() => botOutput.includes('ended'), { what: 'bot left' });
    bot = null;
  });

  it('stops with its stop command and the process ends', async () => {
    const pid = JSON.parse(readFileSync(`${t.config.dataDir}/runtime/${server.uuid}/pid.json`, 'utf8')).pid as number;
    await t.app.runtime.power(server, 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline', timeoutMs: 30_000 });
    expect(await readProcess(pid)).toBeNull();
    expect(lines.some((l) => l.includes('Server is closed.'))).toBe(true);
  });
});
