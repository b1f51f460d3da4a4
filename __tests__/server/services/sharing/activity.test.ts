import { auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { recordAudit } from '../../../../server/src/services/audit/audit';
import { csvCell } from '../../../../server/src/services/sharing/csv';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { callAs } from '../../routes/sharing/sharingFixtures';

jest.setTimeout(60_000);

let t: TestApp;
let call: ReturnType<typeof callAs>;
let owner: TestUser;
let helper: TestUser;
let server: ServerRow;

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

beforeAll(async () => {
  t = await createRuntimeTestApp();
  call = callAs(t.app);
  owner = await createTestUser(t.app);
  helper = await createTestUser(t.app, { username: `=cmd${Date.now() % 100000}` });
  server = await createTestServer(t.app, owner.user, { name: 'Audited' });
  const other = await createTestServer(t.app, owner.user, { name: 'Elsewhere' });
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: ['activity.read'] });
  // Provisioning wrote entries of its own; these have fixed times so the order is known.
  const rows = [
    { actorId: owner.user.id, event: 'server.power.start', minutes: 1, properties: {} },
    { actorId: helper.user.id, event: 'server.console.command', minutes: 2, properties: { command: '=HYPERLINK("http://evil")' } },
    { actorId: owner.user.id, event: 'server.power.stop', minutes: 3, properties: {} },
    { actorId: helper.user.id, event: 'server.power_x', minutes: 4, properties: {} },
    { actorId: owner.user.id, event: 'server.subuser.created', minutes: 5, properties: { email: 'a@example.com' } },
  ];
  for (const row of rows) {
    await t.app.db.insert(auditLogs).values({ actorId: row.actorId, serverUuid: server.uuid, event: row.event, ip: '203.0.113.9', properties: row.properties, createdAt: at(row.minutes) });
  }
  await recordAudit(t.app.db, { actorId: owner.user.id, serverUuid: other.uuid, event: 'server.power.start', ip: '127.0.0.1' });
});
afterAll(() => t.close());

const url = (query: string) => `/servers/${server.shortId}/activity?${query}`;
const window = `from=${at(0).toISOString()}&to=${at(10).toISOString()}`;

describe('GET /servers/{id}/activity', () => {
  it('lists newest first with actor, ip and properties, paginated', async () => {
    const first = (await call(helper, 'GET', url(`${window}&per_page=2`))).json();
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 5 });
    expect(first.data.map((e: { event: string }) => e.event)).toEqual(['server.subuser.created', 'server.power_x']);
    expect(first.data[0]).toMatchObject({ actor: { uuid: owner.user.uuid, username: owner.user.username }, ip: '203.0.113.9', properties: { email: 'a@example.com' } });
    const third = (await call(helper, 'GET', url(`${window}&per_page=2&page=3`))).json();
    expect(third.data.map((e: { event: string }) => e.event)).toEqual(['server.power.start']);
  });

  it('filters by actor, by event prefix (wildcards taken literally) and by time', async () => {
    const byActor = (await call(owner, 'GET', url(`${window}&actor=${helper.user.uuid}`))).json();
    expect(byActor.data.map((e: { event: string }) => e.event)).toEqual(['server.power_x', 'server.console.command']);
    const byEvent = (await call(owner, 'GET', url(`${window}&event=server.power`))).json();
    expect(byEvent.data.map((e: { event: string }) => e.event)).toEqual(['server.power_x', 'server.power.stop', 'server.power.start']);
    const literal = (await call(owner, 'GET', url(`${window}&event=server.power_`))).json();
    expect(literal.data.map((e: { event: string }) => e.event)).toEqual(['server.power_x']);
    const byTime = (await call(owner, 'GET', url(`from=${at(2).toISOString()}&to=${at(3).toISOString()}`))).json();
    expect(byTime.data.map((e: { event: string }) => e.event)).toEqual(['server.power.stop', 'server.console.command']);
  });

  it('shows only this server’s entries and refuses bad filters with 422', async () => {
    const starts = (await call(owner, 'GET', url('event=server.power.start'))).json();
    expect(starts.data.map((e: { created_at: string }) => e.created_at)).toEqual([at(1).toISOString()]);
    expect((await call(owner, 'GET', url('per_page=500'))).statusCode).toBe(422);
    expect((await call(owner, 'GET', url('from=yesterday'))).statusCode).toBe(422);
  });
});

describe('GET /servers/{id}/activity/export', () => {
  it('downloads the filtered entries as CSV with formula cells neutralised', async () => {
    const res = await call(helper, 'GET', `/servers/${server.shortId}/activity/export?${window}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="activity-${server.shortId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created_at,event,actor,actor_uuid,ip,properties');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(`${at(5).toISOString()},server.subuser.created,${owner.user.username},${owner.user.uuid},203.0.113.9,"{""email"":""a@example.com""}"`);
    // The helper's username starts with '=': a spreadsheet must show it, not run it.
    expect(lines[4]).toContain(`,'${helper.user.username},`);
    const filtered = await call(owner, 'GET', `/servers/${server.shortId}/activity/export?${window}&event=server.console`);
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('escapes every formula start', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', '', null].map(csvCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain', '', '']);
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
  });
});
