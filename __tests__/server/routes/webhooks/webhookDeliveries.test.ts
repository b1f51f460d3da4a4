import { createHmac, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { serverWebhooks, webhookPendingDeliveries, type ServerRow } from '../../../../server/src/db/schema';
import { DeliveryWriter } from '../../../../server/src/services/webhooks/DeliveryWriter';
import type { DeliveryJob } from '../../../../server/src/services/webhooks/DeliveryQueue';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhookReceiver';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

const RETRY_DELAYS = [200, 400];
/**
 * How long one delivery waits for its receiver. Well above a game server's start on a loaded
 * machine (5.5 s was seen beside the browser tests): a power action held up by a silent receiver
 * would take at least this long, one that is not takes as long as the start.
 */
const TIMEOUT_MS = 15_000;
/** Deliveries that may wait for one hook here (1,000 by default). */
const MAX_PENDING_PER_HOOK = 5;

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  // The receivers run on 127.0.0.1, which the host allows here as PANEL_WEBHOOK_ALLOW_HOSTS would.
  t = await createRuntimeTestApp({ webhookAllowHosts: ['127.0.0.1'], webhookTuning: { retryDelaysMs: RETRY_DELAYS, timeoutMs: TIMEOUT_MS, maxPendingPerHook: MAX_PENDING_PER_HOOK } });
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Survival' });
});
afterAll(async () => {
  // The receivers first: a delivery still waiting on one that never answers ends at once, instead
  // of holding the app's close for up to TIMEOUT_MS.
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await t?.close();
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

async function addHook(body: object): Promise<{ uuid: string; secret?: string }> {
  const created = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/webhooks`, headers: owner.headers, payload: body });
  expect(created.statusCode).toBe(201);
  return { uuid: created.json().data.uuid, secret: created.json().secret };
}

const removeHook = (uuid: string) => t.app.inject({ method: 'DELETE', url: `/api/v2/servers/${server.shortId}/webhooks/${uuid}`, headers: owner.headers });
const deliveries = async (uuid: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/webhooks/${uuid}/deliveries`, headers: owner.headers })).json().data as Array<Record<string, unknown>>;
const powerAction = (signal: string) => t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, headers: owner.headers, payload: { signal } });

it('delivers a real event signed with HMAC-SHA256 over "<timestamp>.<raw body>", with its event id', async () => {
  const receiving = await receiver();
  const hook = await addHook({ name: 'Status', kind: 'json', url: receiving.url, events: ['server.started'] });
  expect((await powerAction('start')).statusCode).toBe(204);
  const [request] = await waitFor(() => (receiving.requests.length > 0 ? receiving.requests : null), { what: 'the delivery' });

  const timestamp = String(request.headers['x-panel-timestamp']);
  const expected = createHmac('sha256', hook.secret!).update(`${timestamp}.${request.body}`).digest('hex');
  expect(request.headers['x-panel-signature']).toBe(`sha256=${expected}`);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const body = JSON.parse(request.body);
  expect(body).toMatchObject({ event: 'server.started', server: { uuid: server.uuid, name: 'Survival' } });
  expect(request.headers['x-panel-event-id']).toBe(body.id);
  expect(request.headers['content-type']).toBe('application/json');
  // Another secret does not produce the signature.
  expect(createHmac('sha256', 'another-secret').update(`${timestamp}.${request.body}`).digest('hex')).not.toBe(expected);

  const [logged] = await waitFor(async () => {
    const rows = await deliveries(hook.uuid);
    return rows.length > 0 ? rows : null;
  });
  expect(logged).toMatchObject({ event: 'server.started', event_id: body.id, status: 'delivered', attempt: 1, response_code: 200, error: null });
  await removeHook(hook.uuid);
  await powerAction('kill');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'the server offline' });
});

it('retries a receiver answering 500 with growing delays and logs every attempt', async () => {
  const failing = await receiver((_request, response) => {
    response.statusCode = 500;
    response.end('broken');
  });
  const hook = await addHook({ name: 'Broken', kind: 'json', url: failing.url, events: ['backup.finished'] });
  t.app.panelEvents.publish('backup.finished', server.uuid, { backup: 'nightly' });
  await waitFor(() => failing.requests.length === 3, { what: 'three attempts' });
  const gaps = [failing.requests[1].at - failing.requests[0].at, failing.requests[2].at - failing.requests[1].at];
  expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_DELAYS[0] - 20);
  expect(gaps[1]).toBeGreaterThanOrEqual(RETRY_DELAYS[1] - 20);
  // Every attempt is the same event (receivers deduplicate by its id).
  expect(new Set(failing.requests.map((request) => request.headers['x-panel-event-id'])).size).toBe(1);

  const log: Array<Record<string, unknown>> = await waitFor(async () => {
    const rows = await deliveries(hook.uuid);
    return rows.length === 3 ? rows : null;
  });
  expect(log.map((row) => [row.attempt, row.status, row.response_code])).toEqual([
    [3, 'failed', 500],
    [2, 'retrying', 500],
    [1, 'retrying', 500],
  ]);
  expect(log[0].error).toBe('The receiver answered 500.');
  // Given up: no fourth attempt comes, not even after the longest delay.
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS[1] + 100));
  expect(failing.requests).toHaveLength(3);
  await removeHook(hook.uuid);
});

it('does not follow a redirect to an address the policy refuses', async () => {
  const inside = await receiver(undefined, '127.0.0.2');
  const redirecting = await receiver((_request, response) => {
    response.statusCode = 302;
    response.setHeader('location', inside.url);
    response.end();
  });
  const hook = await addHook({ name: 'Redirect', kind: 'discord', url: redirecting.url, events: ['server.crashed'] });
  const test = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/webhooks/${hook.uuid}/test`, headers: owner.headers });
  expect(test.statusCode).toBe(200);
  expect(test.json().data).toMatchObject({ event: 'webhook.test', status: 'failed', response_code: 302, error: 'The receiver answered with a redirect, which is not followed.' });
  expect(redirecting.requests).toHaveLength(1);
  const embed = JSON.parse(redirecting.requests[0].body).embeds[0];
  expect(embed).toMatchObject({ title: 'Test from the panel: Survival', timestamp: expect.any(String), color: expect.any(Number) });
  expect(inside.requests).toHaveLength(0);
  await removeHook(hook.uuid);
});

it('a receiver that never answers delays neither the event, nor the power action, nor the other webhooks', async () => {
  const silent = await receiver(() => undefined);
  const flooded = await addHook({ name: 'Silent', kind: 'json', url: silent.url, events: ['backup.failed'] });
  const listening = await receiver();
  const power = await addHook({ name: 'Power', kind: 'json', url: listening.url, events: ['server.started', 'server.stopped'] });

  const publishStarted = performance.now();
  for (let i = 0; i < 50; i++) t.app.panelEvents.publish('backup.failed', server.uuid, { backup: `b${i}` });
  // Handed over at once: far sooner than one delivery to the silent receiver could give up.
  expect(performance.now() - publishStarted).toBeLessThan(TIMEOUT_MS / 10);
  await waitFor(() => silent.requests.length > 0, { what: 'the silent receiver reached' });

  const powerStarted = performance.now();
  expect((await powerAction('start')).statusCode).toBe(204);
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'the server running' });
  // Running well before one silent delivery could even time out.
  expect(performance.now() - powerStarted).toBeLessThan(TIMEOUT_MS);
  // The other hook hears the start while the silent one still hangs.
  await waitFor(() => listening.requests.some((request) => JSON.parse(request.body).event === 'server.started'), { what: 'the started event sent' });
  expect(performance.now() - powerStarted).toBeLessThan(TIMEOUT_MS);

  expect((await powerAction('kill')).statusCode).toBe(204);
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'the server offline' });
  await removeHook(flooded.uuid);
  await removeHook(power.uuid);
});

it("keeps a receiver's connection for its next delivery, and sends again on a new one when the receiver dropped it", async () => {
  // The second request on a connection finds it dropped, as a receiver closing an idle connection would.
  const perConnection = new Map<Socket, number>();
  const dropping = await receiver((_request, response) => {
    const count = (perConnection.get(response.socket!) ?? 0) + 1;
    perConnection.set(response.socket!, count);
    if (count === 2) response.socket!.destroy();
    else response.end('ok');
  });
  const hook = await addHook({ name: 'Dropping', kind: 'json', url: dropping.url, events: ['player.joined'] });
  t.app.panelEvents.publish('player.joined', server.uuid, { player: 'Alex' });
  await waitFor(async () => (await deliveries(hook.uuid)).length === 1, { what: 'the first delivery logged' });
  t.app.panelEvents.publish('player.joined', server.uuid, { player: 'Steve' });
  const log = await waitFor(async () => {
    const rows = await deliveries(hook.uuid);
    return rows.length === 2 ? rows : null;
  });
  // Both delivered at their first attempt: the second went once more, on a new connection.
  expect(log.map((row) => [row.attempt, row.status])).toEqual([
    [1, 'delivered'],
    [1, 'delivered'],
  ]);
  expect(dropping.requests.map((request) => JSON.parse(request.body).data.player)).toEqual(['Alex', 'Steve', 'Steve']);
  expect(perConnection.size).toBe(2);
  await removeHook(hook.uuid);
});

it('a receiver that cannot keep up has its deliveries beyond the cap dropped, and the drop shows in its delivery log', async () => {
  // Holds every request until the end: the hook's two attempts in progress never finish meanwhile.
  const held: ServerResponse[] = [];
  let holding = true;
  const slow = await receiver((_request, response) => (holding ? held.push(response) : response.end('ok')));
  const hook = await addHook({ name: 'Slow', kind: 'json', url: slow.url, events: ['backup.finished'] });
  const dispatcher = t.app.webhookDispatcher;
  const droppedBefore = dispatcher.dropped;

  const events = Array.from({ length: 20 }, (_, i) => t.app.panelEvents.publish('backup.finished', server.uuid, { backup: `flood-${i}` }));
  // All twenty are heard in this turn: five wait (the cap), fifteen are dropped before anything is written for them.
  await waitFor(() => dispatcher.dropped - droppedBefore === 15, { what: 'fifteen deliveries dropped' });
  await waitFor(() => held.length === 2, { what: 'two attempts held by the receiver' });

  dispatcher.reportDrops();
  await dispatcher.flush();
  const [dropped] = await deliveries(hook.uuid);
  expect(dropped).toMatchObject({ event: 'backup.finished', event_id: events[19].id, status: 'failed', attempt: 1, response_code: null });
  expect(dropped.error).toBe('15 deliveries up to this one were dropped unsent: more were waiting than the panel keeps, as the receiver could not keep up.');

  holding = false;
  for (const response of held) response.end('ok');
  // The five kept are all delivered; none of the dropped ones ever is.
  await waitFor(() => slow.requests.length === 5, { what: 'the five kept deliveries' });
  expect(slow.requests.map((request) => JSON.parse(request.body).data.backup).sort()).toEqual(['flood-0', 'flood-1', 'flood-2', 'flood-3', 'flood-4']);
  await removeHook(hook.uuid);
});

it('writes a flood of deliveries in slices, letting the event loop turn between them', async () => {
  const hook = await addHook({ name: 'Flooded', kind: 'json', url: 'http://127.0.0.1:9/hook', events: ['server.crashed'] });
  const [{ id: webhookId }] = await t.app.db.select({ id: serverWebhooks.id }).from(serverWebhooks).where(eq(serverWebhooks.uuid, hook.uuid));
  let stored = 0;
  const writer = new DeliveryWriter({ db: t.app.db, log: t.app.log, onStored: (jobs) => (stored += jobs.length) });
  const jobs: DeliveryJob[] = Array.from({ length: 1000 }, () => ({
    webhookId,
    event: { id: randomUUID(), name: 'server.crashed', occurredAt: new Date(), server: { uuid: server.uuid, name: server.name }, data: {} },
    attempt: 1,
    stored: false,
    leaseUntil: Date.now() + 60_000,
  }));
  for (const job of jobs) writer.store(job);

  // Counts the turns of the loop while the rows are written: the embedded database never yields on its own.
  let turns = 0;
  let writing = true;
  const turn = () => {
    turns++;
    if (writing) setImmediate(turn);
  };
  setImmediate(turn);
  await writer.flush();
  const turnsWhileWriting = turns;
  writing = false;

  expect(stored).toBe(1000);
  expect(turnsWhileWriting).toBeGreaterThan(1);
  const rows = await t.app.db.select({ eventId: webhookPendingDeliveries.eventId }).from(webhookPendingDeliveries).where(eq(webhookPendingDeliveries.webhookId, webhookId));
  expect(rows).toHaveLength(1000);
  // Its pending rows go with it.
  await removeHook(hook.uuid);
});
