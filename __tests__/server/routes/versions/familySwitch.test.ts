import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, backups, servers, serverTemplates, users, type ServerRow } from '../../../../server/src/db/schema';
import { startLocalCatalogue, type LocalCatalogue } from '../../../../server/src/games/catalogue/offline/catalogueServer';
import { javaOnNode } from '../../../../server/src/services/versions/javaOnNode';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';
import { treeOf, writeTree } from '../../services/backups/backupsTestKit';

jest.setTimeout(240_000);

let local: LocalCatalogue;
let t: TestApp;
let owner: TestUser;
let squid: ServerRow;
const hasJava = javaOnNode() !== null;

beforeAll(async () => {
  local = await startLocalCatalogue();
  t = await createRuntimeTestApp({ catalogueUrl: local.url });
  owner = await createTestUser(t.app);
  squid = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Embedded' });
  // flying-squid keeps its world under world/<version>/.
  writeTree(t.app.runtime.driver.serverRoot(squid.uuid), { 'world/1.21.4/region/r.0.0.mca': 'the embedded world', 'ops.json': '[]' });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${squid.shortId}/versions${path}`, headers: owner.headers, ...(payload ? { payload } : {}) });
const rootOf = () => t.app.runtime.driver.serverRoot(squid.uuid);
const rowOf = async () => (await t.app.db.select().from(servers).where(eq(servers.id, squid.id)))[0];
const templateSlug = async () =>
  (
    await t.app.db
      .select({ slug: serverTemplates.slug })
      .from(serverTemplates)
      .where(eq(serverTemplates.id, (await rowOf()).templateId))
  )[0].slug;
const backupsOf = () => t.app.db.select().from(backups).where(eq(backups.serverId, squid.id));
const events = (event: string) =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, squid.uuid), eq(auditLogs.event, event)));

/** Runs `action` with no Java on PATH, as on a host without it. */
async function withoutJava<T>(action: () => Promise<T>): Promise<T> {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    return await action();
  } finally {
    process.env.PATH = path;
  }
}

describe('switching the embedded server to another Minecraft family', () => {
  it('offers the Java server software as a reinstall, and says when the host has no Java', async () => {
    const software = (await call('GET', '')).json().data.software as { id: string; switchable: boolean; reinstall: boolean; unavailable: string | null }[];
    const byId = new Map(software.map((s) => [s.id, s]));
    expect(byId.get('flying-squid')).toMatchObject({ switchable: true, reinstall: false, unavailable: null });
    for (const id of ['vanilla', 'paper', 'purpur', 'fabric', 'forge', 'neoforge']) expect(byId.get(id)).toMatchObject({ switchable: true, reinstall: true, unavailable: hasJava ? null : 'java' });
    expect(byId.get('velocity')).toMatchObject({ switchable: false, reinstall: false });
    const without = await withoutJava(async () => (await call('GET', '')).json().data);
    expect(without.java_major).toBeNull();
    expect(without.software.find((s: { id: string }) => s.id === 'paper')).toMatchObject({ switchable: true, unavailable: 'java' });
  });

  it('refuses the switch cleanly when the host has no Java: nothing changes, no backup is made', async () => {
    const before = treeOf(rootOf());
    const res = await withoutJava(() => call('POST', '/switch', { software: 'vanilla', version: '1.21.4' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.software[0]).toMatch(/no Java/);
    expect(await templateSlug()).toBe('minecraft-flying-squid');
    expect(await backupsOf()).toHaveLength(0);
    expect(treeOf(rootOf())).toEqual(before);
    expect(t.app.switchJobs.jobOf(squid.uuid)).toBeNull();
  });

  it('refuses the switch cleanly when the catalogue cannot be reached (502): nothing changes', async () => {
    t.app.catalogue.clearCache();
    local.setDown(true);
    try {
      const before = treeOf(rootOf());
      const res = await call('POST', '/switch', { software: 'paper', version: '1.21.4' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/could not be reached/);
      expect(await templateSlug()).toBe('minecraft-flying-squid');
      expect(await backupsOf()).toHaveLength(0);
      expect(treeOf(rootOf())).toEqual(before);
    } finally {
      local.setDown(false);
    }
  });

  (hasJava ? it : it.skip)('reinstalls the server as vanilla after a backup (named in the customer’s language), keeping the embedded world, and back again', async () => {
    await t.app.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.user.id));
    const progress: string[] = [];
    const unsubscribe = t.app.runtime.events.subscribe(squid.uuid, (e) => e.type === 'version-switch' && progress.push(e.progress.step));
    const res = await call('POST', '/switch', { software: 'vanilla', version: '1.21.4' });
    expect(res.statusCode).toBe(202);
    const job = (await t.app.switchJobs.waitFor(squid.uuid))!;
    unsubscribe();
    expect(job).toMatchObject({ state: 'completed', error: null, software: 'vanilla', version: '1.21.4' });
    // The backup comes before anything is installed, and it holds the embedded world.
    expect(progress.indexOf('backup')).toBeLessThan(progress.indexOf('install'));
    const [backup] = await backupsOf();
    expect(backup).toMatchObject({ uuid: job.backup, state: 'completed', name: 'Vor dem Wechsel zu Vanilla 1.21.4' });
    expect(await templateSlug()).toBe('minecraft-java');
    expect((await rowOf()).variables).toMatchObject({ SERVER_SOFTWARE: 'vanilla', MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar' });
    expect(readFileSync(join(rootOf(), 'server.jar')).equals(local.artefacts.get('vanilla-1.21.4')!.bytes)).toBe(true);
    expect(readFileSync(join(rootOf(), 'world/1.21.4/region/r.0.0.mca'), 'utf8')).toBe('the embedded world');
    const [switched] = await events('server.versions.switched');
    expect(switched.properties).toMatchObject({ software: 'vanilla', from: 'flying-squid', reinstall: true, backup: job.backup });
    expect((await call('GET', '')).json().data.current).toMatchObject({ software: 'vanilla', version: '1.21.4' });

    // Back to the embedded server: it runs again, and its world is where it left it.
    expect((await call('POST', '/switch', { software: 'flying-squid', version: '1.21.4' })).statusCode).toBe(202);
    expect(await t.app.switchJobs.waitFor(squid.uuid)).toMatchObject({ state: 'completed' });
    expect(await templateSlug()).toBe('minecraft-flying-squid');
    expect(await backupsOf()).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/servers/${squid.shortId}/power`, headers: owner.headers, payload: { signal: 'start' } })).statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(squid.uuid) === 'running', { what: 'the embedded server to run again', timeoutMs: 60_000 });
    expect(existsSync(join(rootOf(), 'world/1.21.4/region/r.0.0.mca'))).toBe(true);
    await t.app.inject({ method: 'POST', url: `/api/v2/servers/${squid.shortId}/power`, headers: owner.headers, payload: { signal: 'stop' } });
    await waitFor(() => t.app.runtime.state(squid.uuid) === 'offline', { what: 'the server to stop' });
  });
});

describe('the Java server’s install and the catalogue', () => {
  it('fails with the catalogue’s reason when the catalogue cannot be reached', async () => {
    t.app.catalogue.clearCache();
    local.setDown(true);
    let java: ServerRow;
    try {
      java = await createTestServer(t.app, owner.user, { template: 'minecraft-java', name: 'Offline Java' });
    } finally {
      local.setDown(false);
    }
    expect(java.installStatus).toBe('install_failed');
    expect(java.installError).toMatch(/Minecraft (1\.21\.4|latest) server could not be found|catalogue could not be reached/);
  });
});
