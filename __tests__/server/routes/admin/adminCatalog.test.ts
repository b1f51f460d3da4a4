import { createServer as createTcpServer, type Server } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { adminAuditLogs, auditLogs, serverSubdomains, serverTemplates, users } from '../../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { ptdlEgg } from '../../games/eggs/testEggs';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

const TSIG_SECRET = 'c2VjcmV0LW5vdC10by1iZS1zaG93bg==';
let t: TestApp;
let admin: TestUser;
// A listener standing in for the name server: the zones' health is whether it accepts a connection.
let nameServer: Server;

beforeAll(async () => {
  nameServer = createTcpServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => nameServer.listen(0, '127.0.0.1', resolve));
  const port = (nameServer.address() as { port: number }).port;
  t = await createTestApp({
    dns: { zones: ['play.test', 'other.test'], ttl: 120, provider: { kind: 'rfc2136', server: '127.0.0.1', port, key: { algorithm: 'hmac-sha256', name: 'panel-key', secret: TSIG_SECRET } } },
  });
  admin = await createTestUser(t.app, { username: 'catalogadmin', rootAdmin: true });
  await t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, admin.user.id));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => nameServer.close(resolve));
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: admin.headers, remoteAddress: '203.0.113.9', ...(payload ? { payload } : {}) });
const templateCount = async () => (await t.app.db.select({ id: serverTemplates.id }).from(serverTemplates)).length;

describe('the admin area’s template import preview', () => {
  it('answers what an import would make and writes nothing, then imports the same, and previews a re-import as an update', async () => {
    const before = await templateCount();
    const preview = await call('POST', '/templates/import?game=minecraft&preview=true', ptdlEgg);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ created: true, saved: false, template: { id: 0, slug: 'egg-echo-game', game: 'minecraft', name: 'Echo Game', source: { format: 'PTDL_v2' } } });
    expect(preview.json().data.template.variables.map((variable: { env_variable: string }) => variable.env_variable)).toContain('GREETING');
    expect(await templateCount()).toBe(before);
    expect(await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'template.imported'))).toHaveLength(0);

    const imported = await call('POST', '/templates/import?game=minecraft', ptdlEgg);
    expect(imported.statusCode).toBe(201);
    expect(imported.json().data).toMatchObject({ created: true, saved: true, template: { slug: 'egg-echo-game' } });
    expect(await templateCount()).toBe(before + 1);
    // Imported from the admin area, the import names the admin, not an admin key.
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'template.imported'));
    expect(entry).toMatchObject({ actorId: admin.user.id, properties: expect.objectContaining({ via: 'admin-session' }) });

    const again = await call('POST', '/templates/import?preview=true', { ...ptdlEgg, description: 'Changed.' });
    expect(again.json().data).toMatchObject({ created: false, saved: false, template: { id: imported.json().data.template.id, description: 'Changed.' } });
    const [stored] = await t.app.db.select().from(serverTemplates).where(eq(serverTemplates.slug, 'egg-echo-game'));
    expect(stored.description).toBe('A line-echo game server.');

    const audit = (await call('GET', '/audit?event=previewAdminTemplateImport')).json().data;
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor: 'catalogadmin', status: 200, path: '/api/v2/admin/templates/import' });
  });

  it('refuses an unreadable egg in a preview with the import’s 422, naming the field', async () => {
    const before = await templateCount();
    const bad = await call('POST', '/templates/import?preview=true', { ...ptdlEgg, name: 'Broken', variables: [{ ...ptdlEgg.variables[0], rules: 'required|shiny' }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).some((field) => field.startsWith('variables.0'))).toBe(true);
    expect(await templateCount()).toBe(before);
  });
});

describe('the admin area’s DNS zones', () => {
  it('lists each zone with its name server, subdomain count and health, and never the TSIG key', async () => {
    const owner = await createTestUser(t.app, { username: 'zoneowner' });
    const server = await createTestServer(t.app, owner.user);
    await t.app.db.insert(serverSubdomains).values({ serverId: server.id, label: 'mc', zone: 'play.test' });
    const answer = await call('GET', '/dns-zones');
    expect(answer.statusCode).toBe(200);
    const port = (nameServer.address() as { port: number }).port;
    expect(answer.json()).toEqual({
      data: [
        { zone: 'play.test', provider: 'rfc2136', server: `127.0.0.1:${port}`, ttl: 120, subdomains: 1, health: 'ok' },
        { zone: 'other.test', provider: 'rfc2136', server: `127.0.0.1:${port}`, ttl: 120, subdomains: 0, health: 'ok' },
      ],
      meta: { configured: true, max_zones: 50 },
    });
    expect(answer.body).not.toContain(TSIG_SECRET);
    expect(answer.body).not.toContain('panel-key');
  });

  it('adds a zone customers can pick at once, refuses bad ones per field, and removes it only once no subdomain uses it', async () => {
    const owner = await createTestUser(t.app, { username: 'zonepicker' });
    const server = await createTestServer(t.app, owner.user);
    const pick = () => t.app.inject({ method: 'PUT', url: `/api/v2/servers/${server.shortId}/network/subdomain`, headers: owner.headers, payload: { label: 'mc', zone: 'new.test' } });
    expect((await pick()).statusCode).toBe(422);
    // The list is the host's: a customer can neither read nor change it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/dns-zones', headers: owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/admin/dns-zones', headers: owner.headers, payload: { zone: 'new.test' } })).statusCode).toBe(403);

    const added = await call('POST', '/dns-zones', { zone: ' New.Test. ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ zone: 'new.test', provider: 'rfc2136', subdomains: 0 });
    for (const [zone, message] of [
      ['new.test', /already/],
      ['under_score.test', /DNS name/],
      ['nodot', /DNS name/],
      ['', /required/i],
    ] as const) {
      const refused = await call('POST', '/dns-zones', { zone });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.zone[0]).toMatch(message);
    }
    expect((await call('GET', '/dns-zones')).json().data.map((zone: { zone: string }) => zone.zone)).toEqual(['play.test', 'other.test', 'new.test']);

    // The customer's network page offers it and a pick under it gets past the zone check to the
    // name server (this test's stand-in refuses every update, so nothing is stored).
    const page = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/network`, headers: owner.headers });
    expect(page.json().data.zones).toEqual(['play.test', 'other.test', 'new.test']);
    expect((await pick()).statusCode).toBe(502);

    await t.app.db.insert(serverSubdomains).values({ serverId: server.id, label: 'mc', zone: 'new.test' });
    const inUse = await call('DELETE', '/dns-zones/new.test');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/1 server subdomain/);
    await t.app.db.delete(serverSubdomains).where(eq(serverSubdomains.serverId, server.id));
    expect((await call('DELETE', '/dns-zones/new.test')).statusCode).toBe(204);
    expect((await call('DELETE', '/dns-zones/new.test')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/network`, headers: owner.headers })).json().data.zones).toEqual(['play.test', 'other.test']);

    const entries = await t.app.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.actorUserId, admin.user.id));
    const zoneEntries = entries.filter((entry) => entry.path.startsWith('/api/v2/admin/dns-zones'));
    expect(zoneEntries.map((entry) => [entry.event, entry.status])).toEqual([
      ['addAdminDnsZone', 201],
      ['addAdminDnsZone', 422],
      ['addAdminDnsZone', 422],
      ['addAdminDnsZone', 422],
      ['addAdminDnsZone', 422],
      ['removeAdminDnsZone', 409],
      ['removeAdminDnsZone', 204],
      ['removeAdminDnsZone', 404],
    ]);
    expect(zoneEntries[0].properties).toEqual({ zone: ' New.Test. ' });
    expect(zoneEntries[zoneEntries.length - 2]).toMatchObject({ path: '/api/v2/admin/dns-zones/new.test', status: 204 });
  });

  // On PostgreSQL the pick runs beside the removal's transaction (PGlite's one connection queues it behind).
  it('refuses a subdomain picked under a zone while another panel process removes that zone', async () => {
    const owner = await createTestUser(t.app, { username: 'zoneracer' });
    const server = await createTestServer(t.app, owner.user);
    expect((await call('POST', '/dns-zones', { zone: 'race.test' })).statusCode).toBe(201);
    // This process still trusts its copy of the list, which offers the zone.
    expect((await t.app.panelSettings.current()).dnsZones).toContain('race.test');
    let picked: Promise<{ statusCode: number; json(): { errors: Record<string, string[]> } }> | undefined;
    await t.app.panelSettings.changeDnsZones(async (zones, tx) => {
      // The removal has found no subdomain in the zone and holds the list while it stores the change.
      const [used] = await tx.select({ subdomains: count() }).from(serverSubdomains).where(eq(serverSubdomains.zone, 'race.test'));
      expect(used.subdomains).toBe(0);
      picked = t.app.inject({ method: 'PUT', url: `/api/v2/servers/${server.shortId}/network/subdomain`, headers: owner.headers, payload: { label: 'mc', zone: 'race.test' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return zones.filter((zone) => zone !== 'race.test');
    }, admin.user.id);
    const answer = await picked!;
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.zone[0]).toMatch(/Choose one of/);
    expect(await t.app.db.select().from(serverSubdomains).where(eq(serverSubdomains.zone, 'race.test'))).toEqual([]);
  });
});
