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
// network error, never report a fake success.
describe.each([
  ['minecraft-java', 'minecraft-budget', /piston-meta\.mojang\.com/],
  ['rust', 'rust-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/],
  ['terraria', 'terraria-budget', /terraria\.org/],
  ['ark', 'ark-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/],
  ['palworld', 'palworld-budget', /steamcdn-media\.akamaihd\.net|SteamCMD/],
  ['test-unreachable', 'minecraft-budget', /downloads\.invalid/],
])('the %s template without its download', (template, plan, host) => {
  it('ends in install_failed with the reason and cannot be started', async () => {
    const server = await createTestServer(t.app, owner.user, { template, plan });
    expect(server.installStatus).toBe('install_failed');
    expect(server.installError).toMatch(host);
    expect(server.installError).toMatch(/ENOTFOUND|EAI_AGAIN|fetch failed|ECONNREFUSED|ENETUNREACH/);
    const output = t.app.runtime.recentOutput(server.uuid).join('\n');
    expect(output).toContain(`Installation failed: ${server.installError}`);
    await expect(t.app.runtime.power(server, 'start')).rejects.toThrow(`could not be installed: ${server.installError}`);
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
  });
});
