import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { minecraftFlyingSquid } from '../../../../server/src/games/templates/minecraftFlyingSquid';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { waitFor } from '../../helpers/waitFor';
import { collect, fixtureSpec, openDriver, openTestEngine } from './dockerTestDriver';

jest.setTimeout(180_000);

let docker: Docker;
let publicHost: string;
let driver: DockerDriver;
let bot: ChildProcessWithoutNullStreams | null = null;
const uuid = randomUUID();

beforeAll(async () => {
  ({ docker, publicHost } = await openTestEngine());
  driver = openDriver(docker, publicHost);
  await driver.open();
}, 180_000);

afterAll(async () => {
  bot?.kill();
  await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

describe('the embedded Minecraft server in a container', () => {
  it('installs, starts until "Done", takes console commands and lets a real client join on the node address', async () => {
    const spec = fixtureSpec(driver, uuid, { template: minecraftFlyingSquid, limits: { memoryMb: 512 } });
    await driver.create(spec);
    await driver.install(spec);
    const seen = collect(driver, uuid);
    const started = Date.now();
    await driver.start(spec);
    await waitFor(() => driver.state(uuid) === 'running', { what: `Done (${seen.lines.slice(-5).join(' | ')})`, timeoutMs: 90_000 });
    // Reported for the figures: start until "Done" in a container.
    console.info(`flying-squid in a container: start until Done in ${Date.now() - started} ms`);

    bot = spawn(process.execPath, [join(__dirname, '..', 'fixtures', 'mineflayerJoin.cjs'), publicHost, String(spec.allocation.port), 'Tester']);
    const botOutput: string[] = [];
    bot.stdout.on('data', (chunk: Buffer) => botOutput.push(...chunk.toString().trim().split('\n')));
    await waitFor(() => botOutput.includes('spawned'), { what: `mineflayer spawn (${botOutput.join(' | ')})`, timeoutMs: 60_000 });

    await driver.sendCommand(uuid, 'list');
    await waitFor(() => seen.lines.some((line) => /Tester/.test(line) && /online/i.test(line)), { what: 'the player listed' });
    bot.stdin.write('quit\n');

    await driver.stop(uuid);
    expect(driver.state(uuid)).toBe('offline');
    expect(seen.crashes).toEqual([]);
  });
});
