import { randomUUID } from 'node:crypto';
import type Docker from 'dockerode';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { filesHelperName } from '../../../../server/src/runtime/docker/files/helperContainer';
import { waitFor } from '../../helpers/waitFor';
import { fixtureSpec, openDriver, openTestEngine } from './dockerTestDriver';
import { asGame } from './filesTestVolume';

jest.setTimeout(180_000);

let docker: Docker;
let driver: DockerDriver;
const made: string[] = [];

beforeAll(async () => {
  const engine = await openTestEngine();
  docker = engine.docker;
  driver = openDriver(docker, engine.publicHost);
  await driver.open();
}, 300_000);

afterAll(async () => {
  for (const uuid of made) await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

describe("the docker driver's file port", () => {
  it("serves a running server's files from its node: the installed files, what the game writes, and what the panel writes the game reads", async () => {
    const uuid = randomUUID();
    made.push(uuid);
    const spec = fixtureSpec(driver, uuid);
    await driver.create(spec);
    await driver.install(spec);
    const files = driver.files(uuid);
    expect((await files.readFile('fixture.cjs')).toString()).toContain('Booting fixture');

    await driver.start(spec);
    await waitFor(() => driver.state(uuid) === 'running', { what: 'running' });
    await driver.sendCommand(uuid, 'fill 3');
    await waitFor(async () => (await files.stat('filler.bin'))?.size === 3 * 1024 * 1024, { what: 'the game’s file', timeoutMs: 30_000 });
    expect((await files.list('')).map((entry) => entry.name)).toEqual(expect.arrayContaining(['fixture.cjs', 'filler.bin']));

    // What the panel writes while the game runs is in the game's folder.
    await files.writeFile('fixture-extra.txt', 'from the panel');
    expect(await asGame(docker, uuid, "process.stdout.write(require('fs').readFileSync('fixture-extra.txt', 'utf8'))")).toBe('from the panel');
    await driver.stop(uuid);

    await driver.destroy(uuid);
    await expect(docker.getContainer(filesHelperName(uuid)).inspect()).rejects.toMatchObject({ statusCode: 404 });
  });
});
