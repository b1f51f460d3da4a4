import { eq } from 'drizzle-orm';
import { servers } from '../../../../server/src/db/schema';
import { seedDemoAccount } from '../../../../server/src/services/demo/seedDemoAccount';
import { seedDemoServers } from '../../../../server/src/services/demo/seedDemoServers';
import { findUser } from '../../../../server/src/services/users/findUser';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(90_000);

let t: TestApp;
beforeAll(async () => {
  t = await createRuntimeTestApp({ demoData: true });
});
afterAll(() => t.close());

describe('demo servers', () => {
  it('gives the demo account a running Minecraft server and one server of each other game', async () => {
    await seedDemoAccount(t.app, { PANEL_DEMO_PASSWORD: 'demo-password-1' });
    // As on a machine whose DNS answers but whose downloads fail: every game is made, the others fail to install.
    const created = await seedDemoServers(t.app, { reachable: async () => true });
    expect(created).toHaveLength(5);
    await Promise.all(created.map((s) => t.app.runtime.waitForInstall(s.uuid)));
    const demo = await findUser(t.app.db, 'demo');
    const rows = await t.app.db.select().from(servers).where(eq(servers.ownerId, demo!.id));
    const minecraft = rows.find((s) => s.name === 'Survival with friends')!;
    expect(minecraft.installStatus).toBe('installed');
    await waitFor(() => t.app.runtime.state(minecraft.uuid) === 'running', { what: 'demo Minecraft running', timeoutMs: 60_000 });
    const others = rows.filter((s) => s !== minecraft);
    expect(others.map((s) => s.installStatus)).toEqual(['install_failed', 'install_failed', 'install_failed', 'install_failed']);
    for (const other of others) expect(other.installError).toMatch(/Download of https:\/\/|Could not reach/);
    // Seeding again changes nothing.
    expect(await seedDemoServers(t.app)).toEqual([]);
  });
});

describe('demo servers without internet access', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createRuntimeTestApp({ demoData: true });
  });
  afterAll(() => offline.close());

  it('makes only the servers that can run: games downloaded from hosts out of reach are left out', async () => {
    await seedDemoAccount(offline.app, { PANEL_DEMO_PASSWORD: 'demo-password-1' });
    const asked: string[] = [];
    const created = await seedDemoServers(offline.app, {
      reachable: async (host) => {
        asked.push(host);
        return host === 'terraria.org';
      },
    });
    expect(created.map((s) => s.name)).toEqual(['Survival with friends', 'Terraria']);
    // Each host is asked once.
    expect(asked.sort()).toEqual(['steamcdn-media.akamaihd.net', 'terraria.org']);
    await Promise.all(created.map((s) => offline.app.runtime.waitForInstall(s.uuid)));
  });
});
