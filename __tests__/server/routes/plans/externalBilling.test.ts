import { and, eq } from 'drizzle-orm';
import { auditLogs, planOrders, servers, type ServerRow } from '../../../../server/src/db/schema';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import type { TestApp } from '../../helpers/testApp';
import { BillingStandIn } from './billingStandIn';

jest.setTimeout(120_000);

const SECRET = 'stand-in-shared-secret-0123456789';
const standIn = new BillingStandIn(SECRET);
let t: TestApp;
let owner: TestUser;
let server: ServerRow;

beforeAll(async () => {
  const checkoutUrl = await standIn.start();
  t = await createRuntimeTestApp({ billing: { provider: 'external', url: checkoutUrl, secret: SECRET, orderTtlMinutes: 60, webhookToleranceSeconds: 300 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  standIn.webhookUrl = `http://127.0.0.1:${address.port}/api/v2/billing/webhook`;
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { plan: 'minecraft-budget', name: 'Billed' });
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

const planOf = async () => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0].planId;
const overview = async () => (await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/plans`, headers: owner.headers })).json().data;
const order = async (plan: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/plan-changes`, headers: owner.headers, payload: { plan } });
  expect(res.statusCode).toBe(200);
  return res.json() as { order: { id: string; status: string; amount_due: number }; redirect_url: string; applied: null };
};

describe('an external billing system', () => {
  it('gets a pending order with a signed, expiring redirect; the stand-in refuses a tampered one', async () => {
    const before = await planOf();
    const result = await order('minecraft-premium');
    expect(result.order.status).toBe('pending');
    expect(result.applied).toBeNull();
    expect(result.redirect_url.startsWith(standIn.webhookUrl ? result.redirect_url.split('?')[0] : '')).toBe(true);
    const verified = standIn.verifyCheckout(result.redirect_url);
    expect(verified).toMatchObject({
      ok: true,
      checkout: { order_id: result.order.id, from_plan: 'minecraft-budget', to_plan: 'minecraft-premium', amount_due: result.order.amount_due, currency: 'EUR' },
    });
    expect(verified.ok && verified.checkout.return_url).toMatch(new RegExp(`/server/${server.shortId}/upgrade$`));
    // Expiry is part of the signed payload; a changed payload breaks the signature.
    expect(standIn.verifyCheckout(result.redirect_url, Date.now() + 61 * 60_000)).toMatchObject({ ok: false, status: 410 });
    const tampered = new URL(result.redirect_url);
    tampered.searchParams.set('payload', Buffer.from(JSON.stringify({ ...(verified.ok ? verified.checkout : {}), amount_due: 1 })).toString('base64url'));
    expect(standIn.verifyCheckout(tampered.toString())).toMatchObject({ ok: false, status: 401 });
    expect(await planOf()).toBe(before);
    expect((await overview()).orders[0]).toMatchObject({ id: result.order.id, status: 'pending', provider: 'external' });
  });

  it('refuses bad signatures and stale timestamps (401) and changes nothing', async () => {
    const before = await planOf();
    const { order: pending } = await order('minecraft-premium');
    expect((await standIn.sendWebhook(pending.id, 'paid', { secret: 'another-secret-entirely-000000' })).status).toBe(401);
    expect((await standIn.sendWebhook(pending.id, 'paid', { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const unsigned = await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: 'x', order_id: pending.id, status: 'paid' }),
    });
    expect(unsigned.status).toBe(401);
    expect(await planOf()).toBe(before);
    const [row] = await t.app.db.select().from(planOrders).where(eq(planOrders.uuid, pending.id));
    expect(row.status).toBe('pending');
  });

  it('applies the plan on a paid webhook through the stand-in’s checkout; a replay is 409, another event is idempotent', async () => {
    const { order: pending, redirect_url } = await order('minecraft-premium-xl');
    // The customer follows the redirect and pays; the stand-in sends the webhook and sends them back.
    const page = await fetch(redirect_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay for minecraft-premium-xl');
    const paid = await fetch(`${redirect_url.split('/checkout')[0]}/pay?order=${pending.id}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/upgrade$/);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    const data = await overview();
    expect(data.current.slug).toBe('minecraft-premium-xl');
    expect(data.orders.find((o: { id: string }) => o.id === pending.id).status).toBe('completed');

    // The same event again: a replay, refused, nothing changes.
    const last = JSON.parse(standIn.deliveries.at(-1)!.body);
    expect(last).toMatchObject({ order: pending.id, status: 'completed', changed: true });
    const firstEventId = (
      await t.app.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.plan.changed')))
    ).at(-1);
    expect(firstEventId?.properties).toMatchObject({ via: 'billing', to: 'minecraft-premium-xl' });
    const again = await standIn.sendWebhook(pending.id, 'paid', { eventId: 'evt-replayed' });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ status: 'completed', changed: false });
    expect((await standIn.sendWebhook(pending.id, 'paid', { eventId: 'evt-replayed' })).status).toBe(409);
    expect((await standIn.sendWebhook(pending.id, 'failed', { eventId: 'evt-late-failure' })).status).toBe(200);
    expect((await overview()).orders.find((o: { id: string }) => o.id === pending.id).status).toBe('completed');
  });

  it('shows a failed payment on the page and leaves the plan; an expired order is refused', async () => {
    const before = await planOf();
    const { order: declined } = await order('minecraft-premium');
    const res = await standIn.sendWebhook(declined.id, 'failed', { reason: 'The card was declined.' });
    expect(res.status).toBe(200);
    const data = await overview();
    expect(data.orders.find((o: { id: string }) => o.id === declined.id)).toMatchObject({ status: 'failed', failure_reason: 'The card was declined.' });
    expect(await planOf()).toBe(before);

    const { order: late } = await order('minecraft-premium');
    await t.app.db
      .update(planOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(planOrders.uuid, late.id));
    expect((await overview()).orders.find((o: { id: string }) => o.id === late.id).status).toBe('expired');
    const refused = await standIn.sendWebhook(late.id, 'paid');
    expect(refused.status).toBe(409);
    expect(await planOf()).toBe(before);
  });
});
