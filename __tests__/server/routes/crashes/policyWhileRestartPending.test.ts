import { eq } from 'drizzle-orm';
import { servers, type ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  // Restarts wait 3 s: time for the customer to change the policy while one is planned.
  t = await createRuntimeTestApp({ runtimeTuning: { statsIntervalMs: 200, diskMaxAgeMs: 300, crashBackoffMs: 3000, playerQueryIntervalMs: 500 } });
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

const putPolicy = (server: ServerRow, policy: object) => t.app.inject({ method: 'PUT', url: `/api/v2/servers/${server.shortId}/crash-policy`, headers: owner.headers, payload: policy });

async function crashAndWaitForPlannedRestart(server: ServerRow, lines: string[]): Promise<void> {
  await t.app.runtime.power(server, 'start');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 30_000 });
  await t.app.runtime.sendCommand(server, 'crash');
  await waitFor(() => lines.some((l) => l.includes('Restarting the server in 3 s')), { what: 'the planned restart' });
}

function consoleLines(uuid: string): string[] {
  const lines: string[] = [];
  t.app.runtime.events.subscribe(uuid, (event) => event.type === 'output' && lines.push(event.line));
  return lines;
}

describe('a policy change while a restart is planned', () => {
  it('keeps the planned restart when only the numbers change', async () => {
    const server = await createTestServer(t.app, owner.user, { name: 'Numbers' });
    const lines = consoleLines(server.uuid);
    await crashAndWaitForPlannedRestart(server, lines);
    expect((await putPolicy(server, { enabled: true, max_restarts: 5, window_minutes: 30 })).statusCode).toBe(200);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'the planned restart', timeoutMs: 30_000 });
    await t.app.runtime.power(server, 'kill');
  });

  it('drops the planned restart when restarts are turned off, and the server stays stopped', async () => {
    const server = await createTestServer(t.app, owner.user, { name: 'Off' });
    const lines = consoleLines(server.uuid);
    await crashAndWaitForPlannedRestart(server, lines);
    expect((await putPolicy(server, { enabled: false, max_restarts: 3, window_minutes: 10 })).statusCode).toBe(200);
    await waitFor(() => lines.some((l) => l.includes('Automatic restarts after a crash are off')), { what: 'the notice', timeoutMs: 15_000 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    expect(row.desiredState).toBe('stopped');
    const history = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/crashes`, headers: owner.headers });
    expect(history.json().data[0]).toMatchObject({ outcome: 'restart_off', restart_attempt: null });
  });
});
