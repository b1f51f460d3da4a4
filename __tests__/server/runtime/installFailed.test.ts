import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

// This machine reaches no game download host, so these installs must fail with the real
// network error, never report a fake success. The Java server's jar comes through the software
// catalogue, which names itself and keeps the network's wording for the log.
const networkError = /ENOTFOUND|EAI_AGAIN|fetch failed|ECONNREFUSED|ENETUNREACH/;
describe.each([
  ['minecraft-java', 'minecraft-budget', /Mojang catalogue could not be reached/, null],
  ['rust', 'rust-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/, networkError],
  ['terraria', 'terraria-budget', /terraria\.org/, networkError],
  ['ark', 'ark-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/, networkError],
  ['palworld', 'palworld-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/, networkError],
  ['test-unreachable', 'minecraft-budget', /downloads\.invalid/, networkError],
])('the %s template without its download', (template, plan, reason, network) => {
  it('ends in install_failed with the reason and cannot be started', async () => {
    const server = await createTestServer(t.app, owner.user, { template, plan });
    expect(server.installStatus).toBe('install_failed');
    expect(server.installError).toMatch(reason);
    if (network) expect(server.installError).toMatch(network);
    const output = t.app.runtime.recentOutput(server.uuid).join('\n');
    expect(output).toContain(`Installation failed: ${server.installError}`);
    await expect(t.app.runtime.power(server, 'start')).rejects.toThrow(`could not be installed: ${server.installError}`);
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
  });
});
