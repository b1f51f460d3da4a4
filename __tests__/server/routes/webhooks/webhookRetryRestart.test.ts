import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import '../../helpers/testTemplates';
import { buildApp } from '../../../../server/src/app';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import type { DatabaseHandle } from '../../../../server/src/db/client';
import { webhookPendingDeliveries } from '../../../../server/src/db/schema';
import { openTestDatabase } from '../../helpers/testDatabase';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhookReceiver';
import { MemoryDriver } from '../../helpers/memoryRuntime/MemoryDriver';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(90_000);

// The retry is planned this far ahead: far enough that the first panel is stopped before it is due.
const RETRY_DELAY_MS = 1500;

let database: DatabaseHandle;
const dataDir = mkdtempSync(join(tmpdir(), 'panel-webhook-restart-'));
let receiver: WebhookReceiver;
let app: FastifyInstance | null = null;

/** One panel on the shared database and data folder (a restart is a close and another `panel()`). */
async function panel(): Promise<FastifyInstance> {
  const config = loadConfig(
    {},
    {
      dataDir,
      secret: 'test-secret-0123456789abcdef',
      logLevel: 'silent',
      demoData: false,
      diskImages: false,
      webhookAllowHosts: ['127.0.0.1'],
      webhookTuning: { retryDelaysMs: [RETRY_DELAY_MS, RETRY_DELAY_MS], timeoutMs: 5000 },
    },
  );
  const built = await buildApp({ config, database, closeDatabase: false, runtimeDriver: new MemoryDriver() });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Answers 500 to the first attempt, 200 to every later one.
  receiver = await startWebhookReceiver((_request, response) => {
    response.statusCode = receiver.requests.length === 1 ? 500 : 200;
    response.end();
  });
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a retry planned before a restart is sent after it, once, with its back-off, and never again once delivered', async () => {
  app = await panel();
  const owner: TestUser = await createTestUser(app);
  const server = await createTestServer(app, owner.user, { name: 'Restarted' });
  const created = await app.inject({
    method: 'POST',
    url: `/api/v2/servers/${server.shortId}/webhooks`,
    headers: owner.headers,
    payload: { name: 'Flaky', kind: 'json', url: receiver.url, events: ['backup.finished'] },
  });
  expect(created.statusCode).toBe(201);
  const hook = created.json().data.uuid as string;

  const event = app.panelEvents.publish('backup.finished', server.uuid, { backup: 'nightly' });
  // Stored before its first attempt (attempt 1), then planned as attempt 2 after the 500.
  const [planned] = await waitFor(async () => {
    const rows = await database.db.select().from(webhookPendingDeliveries);
    return rows.length > 0 && rows[0].attempt === 2 ? rows : null;
  });
  expect(planned).toMatchObject({ eventId: event.id, attempt: 2 });
  expect(planned.dueAt.getTime() - receiver.requests[0].at).toBeGreaterThanOrEqual(RETRY_DELAY_MS - 100);
  await app.close();
  app = null;
  expect(receiver.requests).toHaveLength(1);

  app = await panel();
  await waitFor(() => receiver.requests.length === 2, { what: 'the resumed retry', timeoutMs: 20_000 });
  // Not before its back-off, though the panel was restarted meanwhile.
  expect(receiver.requests[1].at - receiver.requests[0].at).toBeGreaterThanOrEqual(RETRY_DELAY_MS - 100);
  expect(receiver.requests[1].headers['x-panel-event-id']).toBe(event.id);
  // The same body as the first attempt (signed anew with a new timestamp).
  expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
  const log = await waitFor(async () => {
    const rows = (await app!.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/webhooks/${hook}/deliveries`, headers: owner.headers })).json().data as Array<Record<string, unknown>>;
    return rows.length === 2 ? rows : null;
  });
  expect(log.map((row) => [row.attempt, row.status, row.response_code])).toEqual([
    [2, 'delivered', 200],
    [1, 'retrying', 500],
  ]);
  await waitFor(async () => (await database.db.select().from(webhookPendingDeliveries)).length === 0, { what: 'the delivered retry done' });
});

it('a delivery heard just before the panel stops is stored, and sent once by the next start', async () => {
  const owner = await createTestUser(app!);
  const server = await createTestServer(app!, owner.user, { name: 'Stopped at once' });
  const steady = await startWebhookReceiver();
  try {
    const created = await app!.inject({
      method: 'POST',
      url: `/api/v2/servers/${server.shortId}/webhooks`,
      headers: owner.headers,
      payload: { name: 'Steady', kind: 'json', url: steady.url, events: ['server.crashed'] },
    });
    const hook = created.json().data.uuid as string;
    // Stopped in the same turn as the event: not one attempt could start.
    const event = app!.panelEvents.publish('server.crashed', server.uuid, { reason: 'exit' });
    await app!.close();
    app = null;
    expect(steady.requests).toHaveLength(0);
    expect(await database.db.select().from(webhookPendingDeliveries)).toMatchObject([{ eventId: event.id, attempt: 1, lockedUntil: null }]);

    app = await panel();
    await waitFor(() => steady.requests.length === 1, { what: 'the stored delivery sent', timeoutMs: 20_000 });
    expect(steady.requests[0].headers['x-panel-event-id']).toBe(event.id);
    const log = await waitFor(async () => {
      const rows = (await app!.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/webhooks/${hook}/deliveries`, headers: owner.headers })).json().data as Array<Record<string, unknown>>;
      return rows.length > 0 ? rows : null;
    });
    expect(log.map((row) => [row.attempt, row.status])).toEqual([[1, 'delivered']]);
    await waitFor(async () => (await database.db.select().from(webhookPendingDeliveries)).length === 0, { what: 'nothing left to send' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Sent once; and the first test's event, delivered before this start, was not sent again.
    expect(steady.requests).toHaveLength(1);
    expect(receiver.requests).toHaveLength(2);
  } finally {
    await steady.close();
  }
});
