import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adminAuditLogs, auditLogs, billingWebhookEvents, nodes, orders, servers } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { forgetNodeLoads } from '../../../../server/src/services/nodes/placement';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import { RESUME_CLAIM_MS, resumePaidOrders } from '../../../../server/src/services/orders/resumePaidOrders';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { send } from '../../helpers/accountFixtures';

// The servers ordered here are only installed, never run: the in-memory driver is enough.
process.env.PANEL_TEST_DRIVER = 'memory';

const SECRET = 'orders-billing-secret-0123456789';
let t: TestApp;
let adminKey: string;

beforeAll(async () => {
  t = await createTestApp({
    billing: { provider: 'instant', url: 'https://billing.example.com/checkout', secret: SECRET, orderTtlMinutes: 60, webhookToleranceSeconds: 300 },
    orderLimitPerUser: 3,
  });
  adminKey = (await createAdminKey(t.app.db, 'orders test')).key;
});
afterAll(() => t.close());

const settings = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v2/admin/settings', headers: { authorization: `Bearer ${adminKey}` }, payload });
const options = async (user: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/v2/orders/options', headers: user.headers })).json();
const order = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/orders', headers: user.headers, payload });
const minecraft = { template: 'minecraft-flying-squid', plan: 'minecraft-budget' };

const shortIdOf = async (serverId: number) => (await t.app.db.select({ shortId: servers.shortId }).from(servers).where(eq(servers.id, serverId)))[0].shortId;

/** A webhook as the billing system signs it. */
function webhook(orderId: string, status: 'paid' | 'failed', eventId = randomUUID()) {
  const body = JSON.stringify({ event_id: eventId, order_id: orderId, status });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/webhook',
    headers: { 'content-type': 'application/json', 'x-panel-timestamp': timestamp, 'x-panel-signature': `sha256=${signature}` },
    payload: body,
  });
}

describe('run-time settings', () => {
  it('answers the environment’s defaults, refuses bad values per field (nothing stored) and customers (403)', async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/v2/admin/settings', headers: { authorization: `Bearer ${adminKey}` } });
    expect(defaults.json()).toMatchObject({
      data: { ordering_enabled: true, order_limit_per_user: 3, signup_open: true, billing_provider: 'instant', brand_name: '', brand_logo_url: null },
      meta: { external_billing_configured: true },
    });
    const bad = await settings({ mail_from: 'not an address', brand_logo_url: 'http://logo.example.com/a.png', order_limit_per_user: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['brand_logo_url', 'mail_from', 'order_limit_per_user']);
    const bad2 = await settings({ brand_name: 'Never stored', billing_provider: 'monthly' });
    expect(bad2.statusCode).toBe(422);
    expect(Object.keys(bad2.json().errors)).toEqual(['billing_provider']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/panel/branding' })).json().brand_name).toBe('');
    const customer = await createTestUser(t.app);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/v2/admin/settings', headers: customer.headers, payload: { brand_name: 'Mine' } });
    expect(refused.statusCode).toBe(403);
  });

  it('changes the brand, the mail sender and sign-up at once, audited; closed sign-up refuses registrations', async () => {
    const changed = await settings({ brand_name: 'Blockhost', mail_from: 'Blockhost <hello@blockhost.example>', signup_open: false });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/panel/branding' })).json()).toEqual({ brand_name: 'Blockhost', brand_logo_url: null, signup_open: false });
    const [entry] = await t.app.db
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.event, 'updateAdminSettings'), eq(adminAuditLogs.status, 200)));
    expect(entry.properties).toMatchObject({ brand_name: 'Blockhost', signup_open: false });
    const name = `new${Date.now().toString(36)}`;
    const account = { username: name, email: `${name}@example.com`, password: 'a-long-password-1', password_confirmation: 'a-long-password-1' };
    expect((await send(t.app, 'POST', '/api/v2/auth/register', account)).statusCode).toBe(403);
    await settings({ signup_open: true });
    expect((await send(t.app, 'POST', '/api/v2/auth/register', account)).statusCode).toBe(201);
  });
});

describe('ordering', () => {
  it('offers games with templates and plans, and refuses bad orders per field (422)', async () => {
    const customer = await createTestUser(t.app);
    const offered = await options(customer);
    expect(offered).toMatchObject({ ordering_enabled: true, order_limit: 3, orders_left: 3, provider: 'instant', locations: [] });
    const game = offered.games.find((entry: { slug: string }) => entry.slug === 'minecraft');
    expect(game.templates.map((template: { slug: string }) => template.slug)).toContain('minecraft-flying-squid');
    expect(game.plans[0]).toMatchObject({ price_monthly: expect.any(Number), currency: expect.any(String), tier: expect.any(String) });
    const bad = await order(customer, { template: 'nope', plan: 'no-such-plan', name: '   ', location: 'Mars' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['location', 'name', 'plan', 'template']);
    const otherGame = await order(customer, { ...minecraft, plan: 'terraria-budget', name: 'Mixed' });
    expect(otherGame.json().errors).toEqual({ plan: ['This plan is for another game.'] });
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
  });

  it('creates the server at once with the instant provider (201, installing), up to the customer’s limit (403)', async () => {
    await settings({ order_limit_per_user: 1 });
    const customer = await createTestUser(t.app);
    const created = await order(customer, { ...minecraft, name: 'My world' });
    expect(created.statusCode).toBe(201);
    const { order: placed, server } = created.json().data;
    expect(placed).toMatchObject({ state: 'created', provider: 'instant', server: server.identifier });
    expect(server).toMatchObject({ name: 'My world', status: 'installing' });
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.ordered')));
    expect(audit.actorId).toBe(customer.user.id);
    expect((await options(customer)).orders_left).toBe(0);
    const second = await order(customer, { ...minecraft, name: 'Another' });
    expect(second.statusCode).toBe(403);
    expect(await t.app.db.select().from(servers).where(eq(servers.ownerId, customer.user.id))).toHaveLength(1);
    await settings({ order_limit_per_user: 3 });
  });

  it('refuses while ordering is off (403) and when no node has room (409), creating nothing', async () => {
    const customer = await createTestUser(t.app);
    await settings({ ordering_enabled: false });
    expect((await options(customer)).ordering_enabled).toBe(false);
    const off = await order(customer, { ...minecraft, name: 'Closed' });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Ordering is turned off on this panel.');
    await settings({ ordering_enabled: true });
    await t.app.db.update(nodes).set({ maintenance: true });
    forgetNodeLoads(t.app.db);
    try {
      expect((await order(customer, { ...minecraft, name: 'Full' })).statusCode).toBe(409);
    } finally {
      await t.app.db.update(nodes).set({ maintenance: false });
      forgetNodeLoads(t.app.db);
    }
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
  });

  it('hands an external order to a signed checkout (202); the paid webhook creates the server exactly once', async () => {
    expect((await settings({ billing_provider: 'external' })).statusCode).toBe(200);
    const customer = await createTestUser(t.app);
    const answer = await order(customer, { ...minecraft, name: 'Paid world' });
    expect(answer.statusCode).toBe(202);
    const { order: pending, checkout_url } = answer.json().data;
    expect(pending.state).toBe('pending');
    const url = new URL(checkout_url);
    const payload = url.searchParams.get('payload')!;
    expect(url.searchParams.get('signature')).toBe(createHmac('sha256', SECRET).update(`checkout.${payload}`).digest('hex'));
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ order_id: pending.id, to_plan: 'minecraft-budget', new_server: { name: 'Paid world' } });
    expect(await t.app.db.select().from(servers).where(eq(servers.ownerId, customer.user.id))).toEqual([]);

    const paid = await webhook(pending.id, 'paid', '00000000-0000-4000-8000-00000000e001');
    expect(paid.json()).toEqual({ order: pending.id, status: 'created', changed: true });
    expect((await webhook(pending.id, 'paid', '00000000-0000-4000-8000-00000000e001')).statusCode).toBe(409);
    expect((await webhook(pending.id, 'paid')).json()).toMatchObject({ status: 'created', changed: false });
    const made = await t.app.db.select().from(servers).where(eq(servers.ownerId, customer.user.id));
    expect(made).toHaveLength(1);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.uuid, pending.id));
    expect(row).toMatchObject({ state: 'created', serverId: made[0].id });

    const declined = (await order(customer, { ...minecraft, name: 'Declined' })).json().data.order;
    expect((await webhook(declined.id, 'failed')).json()).toMatchObject({ status: 'failed', changed: true });
    expect(await t.app.db.select().from(servers).where(eq(servers.ownerId, customer.user.id))).toHaveLength(1);

    // The customer's own orders, newest first: what became of each, and the server the paid one made.
    const unpaid = (await order(customer, { ...minecraft, name: 'Left unpaid' })).json().data.order;
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.uuid, unpaid.id));
    const listed = await t.app.inject({ method: 'GET', url: '/api/v2/orders?per_page=2', headers: customer.headers });
    expect(listed.json().meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: unpaid.id, state: 'expired', server: null }),
      expect.objectContaining({ id: declined.id, name: 'Declined', state: 'failed', plan: 'minecraft-budget', template: 'minecraft-flying-squid', server: null }),
    ]);
    const older = (await t.app.inject({ method: 'GET', url: '/api/v2/orders?per_page=2&page=2', headers: customer.headers })).json().data;
    expect(older).toEqual([expect.objectContaining({ id: pending.id, name: 'Paid world', state: 'created', server: await shortIdOf(made[0].id) })]);
    const stranger = await createTestUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/orders', headers: stranger.headers })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/orders?per_page=500', headers: customer.headers })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/orders' })).statusCode).toBe(401);
    await settings({ billing_provider: 'instant' });
  });

  it('creates at start-up, exactly once, the server of an order paid while the panel stopped before creating it', async () => {
    expect((await settings({ billing_provider: 'external' })).statusCode).toBe(200);
    const customer = await createTestUser(t.app);
    const ownServers = () => t.app.db.select().from(servers).where(eq(servers.ownerId, customer.user.id));
    const orderRow = async (uuid: string) => (await t.app.db.select().from(orders).where(eq(orders.uuid, uuid)))[0];
    const context = { provisioning: provisioningOf(t.app), settings: t.app.panelSettings };
    const resume = () => resumePaidOrders(context, t.app.log);
    // The webhook claimed the order (pending → paid) and the panel stopped there.
    const stranded = (await order(customer, { ...minecraft, name: 'Interrupted' })).json().data.order;
    await t.app.db.update(orders).set({ state: 'paid', paidAt: new Date() }).where(eq(orders.uuid, stranded.id));

    // Two panels starting at once, then a later start: one server.
    const counts = await Promise.all([resume(), resume()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await resume()).toBe(0);
    const made = await ownServers();
    expect(made).toHaveLength(1);
    expect(made[0].name).toBe('Interrupted');
    expect(await orderRow(stranded.id)).toMatchObject({ state: 'created', serverId: made[0].id });
    expect((await webhook(stranded.id, 'paid')).json()).toMatchObject({ status: 'created', changed: false });

    // Stopped after making the server but before marking the order: the server is linked, not made again.
    await t.app.db.update(orders).set({ state: 'paid', serverId: null }).where(eq(orders.uuid, stranded.id));
    // The claim of a panel still starting keeps this one off; a stale one (that panel stopped) does not.
    expect(await resume()).toBe(0);
    await t.app.db
      .update(billingWebhookEvents)
      .set({ receivedAt: new Date(Date.now() - RESUME_CLAIM_MS - 1000) })
      .where(eq(billingWebhookEvents.eventId, `panel-resume:${stranded.id}`));
    expect(await resume()).toBe(1);
    expect(await ownServers()).toHaveLength(1);
    expect(await orderRow(stranded.id)).toMatchObject({ state: 'created', serverId: made[0].id });
    await settings({ billing_provider: 'instant' });
  });
});
