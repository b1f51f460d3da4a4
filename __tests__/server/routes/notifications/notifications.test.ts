import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLogs, notifications, serverPermissions, users, type ServerRow } from '../../../../server/src/db/schema';
import { NotificationFanOut } from '../../../../server/src/services/notifications/NotificationFanOut';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import type { TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { readOutbox } from '../sharing/sharingFixtures';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
let helper: TestUser;
let bystander: TestUser;
let stranger: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp({ notificationMailWindowMs: 60_000 });
  owner = await createTestUser(t.app);
  helper = await createTestUser(t.app);
  bystander = await createTestUser(t.app);
  stranger = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Survival' });
  // The owner reads German mails on a 12-hour clock.
  await t.app.db.update(users).set({ language: 'de', timeFormat: 12 }).where(eq(users.id, owner.user.id));
  await t.app.db.insert(serverPermissions).values([
    { serverId: server.id, userId: helper.user.id, permissions: ['notification.read', 'control.console'] },
    { serverId: server.id, userId: bystander.user.id, permissions: ['control.console', 'crash.read'] },
  ]);
  // Shares written straight into the database, past the sharing service: the server's people read
  // for the server's creation may still be kept.
  t.app.notificationFanOut.forget(server.uuid);
});
afterAll(async () => {
  await t?.close();
});

type Listed = {
  data: Array<{ id: string; event: string; event_id: string; server: { id: string; name: string }; data: Record<string, unknown>; read_at: string | null }>;
  meta: { unread: number; total: number };
};

const list = async (user: TestUser, query = ''): Promise<Listed> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v2/notifications${query}`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const markRead = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/notifications/read', headers: user.headers, payload });
const settingsUrl = (target: ServerRow = server) => `/api/v2/servers/${target.shortId}/notifications`;
const putSettings = (user: TestUser, events: object[]) => t.app.inject({ method: 'PUT', url: settingsUrl(), headers: user.headers, payload: { events } });

/** Publishes as the runtime does and waits until its notifications and mails are done. */
async function happen(name: Parameters<TestApp['app']['panelEvents']['publish']>[0], data: Record<string, unknown> = {}) {
  const event = t.app.panelEvents.publish(name, server.uuid, data);
  await t.app.notificationFanOut.settled();
  return event;
}

it('tells the owner and a subuser with notification.read of a crash, in the panel and by mail in their language, and no one else', async () => {
  const crash = await happen('server.crashed', { reason: 'exit', exit_code: null, signal: 'SIGKILL', out_of_memory: false, message: 'Killed' });

  const owners = await list(owner);
  expect(owners.meta.unread).toBe(1);
  expect(owners.data[0]).toMatchObject({ event: 'server.crashed', event_id: crash.id, server: { id: server.shortId, name: 'Survival' }, data: { signal: 'SIGKILL' }, read_at: null });
  expect((await list(helper)).data.map((n) => n.event_id)).toEqual([crash.id]);
  expect((await list(bystander)).meta).toMatchObject({ unread: 0, total: 0 });
  expect((await list(stranger)).meta.total).toBe(0);

  const mails = readOutbox(t.config.dataDir);
  expect(mails.map((mail) => mail.to).sort()).toEqual([owner.user.email, helper.user.email].sort());
  const german = mails.find((mail) => mail.to === owner.user.email)!;
  expect(german.subject).toBe('Survival ist abgestürzt.');
  expect(german.text).toContain(`/server/${server.shortId}`);
  // The 12-hour clock of the owner's account.
  expect(german.text).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
  expect(german.text).toContain('höchstens eine Mail pro 1 Minuten');
  expect(mails.find((mail) => mail.to === helper.user.email)!.subject).toBe('Survival crashed.');
});

it('sends one mail per server and event within the window however often it flaps', async () => {
  const before = readOutbox(t.config.dataDir).length;
  await happen('server.crashed', { out_of_memory: true });
  await happen('server.crashed', { out_of_memory: true });
  expect(readOutbox(t.config.dataDir).length).toBe(before);
  // Each crash is still in the list.
  expect((await list(owner)).meta.unread).toBe(3);

  // The window is kept in the database: another panel process (or this one restarted) keeps it too.
  const otherProcess = new NotificationFanOut({ db: t.app.db, log: t.app.log, mailer: t.app.mailer, panelUrl: () => 'http://panel.test', mailWindowMs: 60_000 });
  otherProcess.heard({ id: randomUUID(), name: 'server.crashed', serverUuid: server.uuid, occurredAt: new Date(), data: { out_of_memory: true } });
  await otherProcess.close();
  expect(readOutbox(t.config.dataDir).length).toBe(before);
  expect((await list(owner)).meta.unread).toBe(4);
});

it('honours each user’s settings per event, and audits their changes', async () => {
  const defaults = await t.app.inject({ method: 'GET', url: settingsUrl(), headers: helper.headers });
  expect(defaults.statusCode).toBe(200);
  const choices = defaults.json().data.events as Array<{ event: string; panel: boolean; mail: boolean }>;
  expect(choices.find((c) => c.event === 'server.crashed')).toEqual({ event: 'server.crashed', panel: true, mail: true });
  expect(choices.find((c) => c.event === 'player.joined')).toEqual({ event: 'player.joined', panel: false, mail: false });

  const saved = await putSettings(helper, [
    { event: 'player.joined', panel: true, mail: false },
    { event: 'server.crashed', panel: false, mail: false },
  ]);
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data.events.find((c: { event: string }) => c.event === 'player.joined')).toEqual({ event: 'player.joined', panel: true, mail: false });
  const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'server.notifications.updated'));
  expect(audit).toMatchObject({ actorId: helper.user.id });

  const joined = await happen('player.joined', { player: 'Steve' });
  const crash = await happen('server.crashed', {});
  const helpers = (await list(helper)).data.map((n) => n.event_id);
  expect(helpers).toContain(joined.id);
  expect(helpers).not.toContain(crash.id);
  // The owner's defaults are untouched: the crash, not the join.
  const owners = (await list(owner)).data.map((n) => n.event_id);
  expect(owners).toContain(crash.id);
  expect(owners).not.toContain(joined.id);
});

it('refuses bad settings with field errors and without changing anything, and needs notification.read', async () => {
  const bad = await putSettings(helper, [{ event: 'server.exploded', panel: true, mail: true }]);
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors).toBeDefined();
  const twice = await putSettings(helper, [
    { event: 'backup.failed', panel: true, mail: true },
    { event: 'backup.failed', panel: false, mail: false },
  ]);
  expect(twice.statusCode).toBe(422);
  expect(twice.json().errors.events[0]).toMatch(/once/);
  const current = (await t.app.inject({ method: 'GET', url: settingsUrl(), headers: helper.headers })).json().data.events;
  expect(current.find((c: { event: string }) => c.event === 'backup.failed')).toEqual({ event: 'backup.failed', panel: true, mail: false });

  expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: bystander.headers })).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: stranger.headers })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/v2/notifications' })).statusCode).toBe(401);
});

it('marks read by id (only one’s own) or all, newest first and paginated', async () => {
  const owners = await list(owner, '?per_page=2');
  expect(owners.data).toHaveLength(2);
  expect(owners.meta.total).toBeGreaterThan(2);
  const unread = owners.meta.unread;
  const helpersFirst = (await list(helper)).data[0];

  // Another user's id changes nothing of theirs.
  expect((await markRead(stranger, { ids: [helpersFirst.id] })).json()).toEqual({ meta: { unread: 0 } });
  expect((await list(helper)).data[0].read_at).toBeNull();

  const marked = await markRead(owner, { ids: [owners.data[0].id] });
  expect(marked.statusCode).toBe(200);
  expect(marked.json().meta.unread).toBe(unread - 1);
  expect((await list(owner, '?unread=true')).data.map((n) => n.id)).not.toContain(owners.data[0].id);
  expect((await markRead(owner, {})).statusCode).toBe(422);
  expect((await markRead(owner, { all: true })).json().meta.unread).toBe(0);
  expect((await list(helper)).meta.unread).toBeGreaterThan(0);
});

it('prunes notifications older than 30 days', async () => {
  const old = await happen('server.crashed', {});
  await t.app.db
    .update(notifications)
    .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600_000) })
    .where(eq(notifications.eventId, old.id));
  expect(await t.app.notificationFanOut.prune()).toBe(1);
  const left = await t.app.db.select().from(notifications).where(eq(notifications.eventId, old.id));
  expect(left).toEqual([]);
});

it('hides a server’s notifications from someone whose notification.read was taken away', async () => {
  expect((await list(helper)).meta.total).toBeGreaterThan(0);
  await t.app.db
    .update(serverPermissions)
    .set({ permissions: ['control.console'] })
    .where(eq(serverPermissions.userId, helper.user.id));
  expect((await list(helper)).meta).toMatchObject({ total: 0, unread: 0 });
  await t.app.db
    .update(serverPermissions)
    .set({ permissions: ['notification.read'] })
    .where(eq(serverPermissions.userId, helper.user.id));
  expect((await list(helper)).meta.total).toBeGreaterThan(0);
});
