import { randomUUID } from 'node:crypto';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { waitFor } from '../../helpers/waitFor';
import { collect, fixtureSpec, openDriver, openTestEngine } from './dockerTestDriver';

jest.setTimeout(120_000);

let driver: DockerDriver;
const uuid = randomUUID();

beforeAll(async () => {
  const { docker, publicHost } = await openTestEngine();
  driver = openDriver(docker, publicHost);
  await driver.open();
}, 180_000);

afterAll(async () => {
  await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

describe("a container's console output", () => {
  it('arrives whole and in order, from the first line, when the game floods it', async () => {
    const spec = fixtureSpec(driver, uuid);
    await driver.create(spec);
    await driver.install(spec);
    const seen = collect(driver, uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    const count = 60_000;
    await driver.sendCommand(uuid, `flood ${count}`);
    await waitFor(() => seen.lines.includes('flood done'), { what: `flood done (${seen.lines.length} lines so far)`, timeoutMs: 60_000 });
    const flood = seen.lines.filter((line) => line.startsWith('line '));
    expect(flood.length).toBe(count);
    expect(flood.every((line, i) => line === `line ${i}`)).toBe(true);
    // The game's first line, written as the container started, is there once.
    expect(seen.lines.filter((line) => line === 'Ready!')).toHaveLength(1);
    await driver.stop(uuid);
  });
});
