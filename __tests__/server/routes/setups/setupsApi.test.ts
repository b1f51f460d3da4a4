import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, type ServerRow } from '../../../../server/src/db/schema';
import { parseProperties } from '../../../../server/src/lib/properties';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { writeTree } from '../../services/backups/backupsTestKit';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  [owner, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid', name: 'Setups' });
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/setups${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const properties = () => parseProperties(readFileSync(join(t.app.runtime.driver.serverRoot(server.uuid), 'server.properties'), 'utf8'));

describe('setups', () => {
  it('lists the Minecraft setups; the embedded server is not offered those that switch to Fabric or Paper', async () => {
    const res = await call(owner, 'GET', '');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((s: { name: string; available: boolean }) => [s.name, s.available]));
    expect(byName).toEqual({ 'Survival with friends': true, 'Creative build server': true, Hardcore: true, 'Modded (Fabric + performance mods)': false, 'Minigames (Paper + plugins)': false });
    expect((await call(stranger, 'GET', '')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/terraria-journey/preview')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/minecraft-modded-fabric/preview')).statusCode).toBe(422);
  });

  it('previews exactly the keys that change, then applies them with a backup, resetting the world on request', async () => {
    writeTree(t.app.runtime.driver.serverRoot(server.uuid), { 'world/1.21.4/level.dat': 'old world' });
    const before = properties();
    const preview = (await call(owner, 'GET', '/minecraft-creative-build/preview')).json().data;
    expect(preview.software).toBeNull();
    expect(preview.files).toEqual(['server.properties']);
    const gamemode = preview.config.find((c: { key: string }) => c.key === 'gamemode');
    expect(gamemode).toEqual({ file: 'server.properties', key: 'gamemode', old: before.gamemode ?? null, new: 'creative' });
    for (const change of preview.config) expect(change.old).not.toBe(change.new);

    const res = await call(owner, 'POST', '/minecraft-creative-build/apply', { reset_world: true });
    expect(res.statusCode).toBe(202);
    expect((await call(owner, 'POST', '/minecraft-hardcore/apply', { reset_world: false })).statusCode).toBe(409);
    const job = (await t.app.switchJobs.waitFor(server.uuid))!;
    expect(job).toMatchObject({ kind: 'setup', state: 'completed' });
    const after = properties();
    for (const change of preview.config) expect(after[change.key]).toBe(change.new);
    expect(after.gamemode).toBe('creative');
    expect(existsSync(join(t.app.runtime.driver.serverRoot(server.uuid), 'world'))).toBe(false);
    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.setups.applied')));
    expect(audit).toHaveLength(1);
    // Applied: the preview now has nothing left to change.
    expect((await call(owner, 'GET', '/minecraft-creative-build/preview')).json().data.config).toEqual([]);
  });

  it('refuses a setup for a software version the catalogue does not know (422), with nothing changed', async () => {
    const root = t.app.runtime.driver.serverRoot(server.uuid);
    writeTree(root, { 'world/1.21.4/level.dat': 'kept world' });
    const before = readFileSync(join(root, 'server.properties'), 'utf8');
    // A server whose version the catalogue no longer lists.
    const { servers } = await import('../../../../server/src/db/schema');
    await t.app.db
      .update(servers)
      .set({ variables: { MINECRAFT_VERSION: '0.0.1' } })
      .where(eq(servers.id, server.id));
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    server = row;
    const res = await call(owner, 'POST', '/minecraft-hardcore/apply', { reset_world: false });
    expect(res.statusCode).toBe(422);
    expect(readFileSync(join(root, 'server.properties'), 'utf8')).toBe(before);
    expect(readFileSync(join(root, 'world/1.21.4/level.dat'), 'utf8')).toBe('kept world');
  });
});
