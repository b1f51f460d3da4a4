import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, serverWebhooks, type ServerRow } from '../../../../server/src/db/schema';
import { openSecret } from '../../../../server/src/lib/secretBox';
import { WEBHOOK_SECRET_PURPOSE } from '../../../../server/src/services/webhooks/WebhookDispatcher';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let helper: TestUser;
let stranger: TestUser;
let server: ServerRow;
let other: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp({ webhookAllowHosts: ['127.0.0.1'] });
  [owner, helper, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { name: 'Survival' });
  other = await createTestServer(t.app, stranger.user, { name: 'Someone else’s' });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (user: TestUser, method: Method, target: ServerRow, path = '', payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${target.shortId}/webhooks${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const jsonHook = (extra: object = {}) => ({ name: 'Status board', kind: 'json', url: 'http://127.0.0.1:9/hook', events: ['server.crashed', 'backup.finished'], ...extra });
const hookCount = async (target: ServerRow) => (await t.app.db.select().from(serverWebhooks).where(eq(serverWebhooks.serverId, target.id))).length;

describe('adding a webhook', () => {
  it('answers a generated secret once, stores it sealed, and never shows it again', async () => {
    const created = await call(owner, 'POST', server, '', jsonHook());
    expect(created.statusCode).toBe(201);
    const { data, secret } = created.json();
    expect(data).toMatchObject({ name: 'Status board', kind: 'json', url: 'http://127.0.0.1:9/hook', events: ['server.crashed', 'backup.finished'], has_secret: true });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const [row] = await t.app.db.select().from(serverWebhooks).where(eq(serverWebhooks.uuid, data.uuid));
    expect(row.secretSealed).not.toContain(secret);
    expect(openSecret(t.config.secret, WEBHOOK_SECRET_PURPOSE, row.secretSealed!)).toBe(secret);

    const list = await call(owner, 'GET', server);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().data).toEqual([data]);
    expect(list.json().meta.events).toContain('server.restart_gave_up');
    const patched = await call(owner, 'PATCH', server, `/${data.uuid}`, { name: 'Renamed' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().secret).toBeUndefined();
    expect(patched.json().data.name).toBe('Renamed');

    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.webhook.create')));
    expect(audit.properties).toMatchObject({ webhook: data.uuid, kind: 'json', host: '127.0.0.1:9' });
    expect(JSON.stringify(audit.properties)).not.toContain(secret);
  });

  it('keeps a secret the caller chose without answering it back; Discord hooks have none', async () => {
    const chosen = await call(owner, 'POST', server, '', jsonHook({ secret: 'my-own-secret-0123456789' }));
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().secret).toBeUndefined();
    const discord = await call(owner, 'POST', server, '', { name: 'Discord', kind: 'discord', url: 'http://127.0.0.1:9/api/webhooks/1/x', events: ['player.joined'] });
    expect(discord.statusCode).toBe(201);
    expect(discord.json()).toEqual({ data: expect.objectContaining({ kind: 'discord', has_secret: false }) });
    for (const uuid of [chosen.json().data.uuid, discord.json().data.uuid]) expect((await call(owner, 'DELETE', server, `/${uuid}`)).statusCode).toBe(204);
  });

  it('names every bad field at once (422) and saves nothing', async () => {
    const before = await hookCount(server);
    const bad = await call(owner, 'POST', server, '', { name: '', kind: 'slack', url: 'x'.repeat(3000), events: ['server.exploded'], secret: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0', 'kind', 'name', 'secret', 'url']);
    const missing = await call(owner, 'POST', server, '', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['events', 'kind', 'name', 'url']);
    const noEvents = await call(owner, 'POST', server, '', jsonHook({ events: [] }));
    expect(noEvents.json().errors.events).toBeDefined();
    const ftp = await call(owner, 'POST', server, '', jsonHook({ url: 'ftp://127.0.0.1/x' }));
    expect(ftp.json().errors.url).toEqual(['Only http and https addresses can receive webhooks.']);
    const discordSecret = await call(owner, 'POST', server, '', jsonHook({ kind: 'discord', secret: 'a-secret-for-discord-0123' }));
    expect(discordSecret.json().errors).toEqual({ secret: ['Only JSON webhooks are signed with a secret.'] });
    expect(await hookCount(server)).toBe(before);
  });

  it('refuses private, loopback and link-local receivers that the host has not allowed', async () => {
    for (const url of ['http://10.0.0.5/hook', 'http://192.168.1.20/hook', 'http://169.254.169.254/latest', 'http://localhost:8080/hook', 'http://[::1]/hook', 'http://127.0.0.2/hook']) {
      const refused = await call(owner, 'POST', server, '', jsonHook({ url }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.url[0]).toMatch(/private, local or reserved address/);
    }
    const [hook] = (await call(owner, 'GET', server)).json().data;
    const patched = await call(owner, 'PATCH', server, `/${hook.uuid}`, { url: 'http://10.1.2.3/hook' });
    expect(patched.statusCode).toBe(422);
    expect((await call(owner, 'GET', server)).json().data[0].url).toBe('http://127.0.0.1:9/hook');
  });
});

describe('who may manage webhooks', () => {
  it('refuses a subuser without webhook.manage (403) and lets one with it in', async () => {
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: ['control.console', 'backup.read'] });
    expect((await call(helper, 'GET', server)).statusCode).toBe(403);
    expect((await call(helper, 'POST', server, '', jsonHook())).statusCode).toBe(403);
    const [hook] = (await call(owner, 'GET', server)).json().data;
    expect((await call(helper, 'DELETE', server, `/${hook.uuid}`)).statusCode).toBe(403);
    expect((await call(helper, 'POST', server, `/${hook.uuid}/test`)).statusCode).toBe(403);
    expect((await call(helper, 'GET', server, `/${hook.uuid}/deliveries`)).statusCode).toBe(403);

    await t.app.db
      .update(serverPermissions)
      .set({ permissions: ['webhook.manage'] })
      .where(eq(serverPermissions.userId, helper.user.id));
    const list = await call(helper, 'GET', server);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
  });

  it('answers 404 for another customer’s server and for a webhook of another server', async () => {
    expect((await call(owner, 'GET', other)).statusCode).toBe(404);
    expect((await call(owner, 'POST', other, '', jsonHook())).statusCode).toBe(404);
    const theirs = await call(stranger, 'POST', other, '', jsonHook());
    expect(theirs.statusCode).toBe(201);
    const uuid = theirs.json().data.uuid;
    expect((await call(owner, 'PATCH', server, `/${uuid}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', server, `/${uuid}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', server, `/${uuid}/deliveries`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', server, '/not-a-uuid/test')).statusCode).toBe(404);
    expect((await call(stranger, 'GET', other)).json().data[0].name).toBe('Status board');
  });

  it('deletes with an audit entry naming the hook', async () => {
    const [hook] = (await call(owner, 'GET', server)).json().data;
    expect((await call(owner, 'DELETE', server, `/${hook.uuid}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', server)).json().data).toEqual([]);
    const entries = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.webhook.delete')));
    expect(entries.map((entry) => entry.properties)).toContainEqual(expect.objectContaining({ webhook: hook.uuid, name: 'Renamed' }));
  });
});
