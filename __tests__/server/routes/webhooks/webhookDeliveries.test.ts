import { createHmac } from 'node:crypto';
import type { ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhookReceiver';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

const RETRY_DELAYS = [400, 800];
const TIMEOUT_MS = 5000;

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  // The receivers run on 127.0.0.1, which the host allows here as PANEL_WEBHOOK_ALLOW_HOSTS would.
  t = await createRuntimeTestApp({ webhookAllowHosts: ['127.0.0.1'], webhookTuning: { retryDelaysMs: RETRY_DELAYS, timeoutMs: TIMEOUT_MS } });
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Survival' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
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
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS[1] + 500));
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
