import { eq } from 'drizzle-orm';
import { serverCrashes } from '../../../../server/src/db/schema';
import { listCrashes, recordCrash } from '../../../../server/src/services/crashes/crashRecords';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createRuntimeTestApp();
});
afterAll(() => t.close());

const info = { exitCode: 1, signal: null, reason: 'exit' as const, message: 'The server stopped unexpectedly (exit code 1).' };

describe('crash records', () => {
  it('keep the newest 100 crashes of a server, the last 100 lines each, and leave other servers alone', async () => {
    const owner = await createTestUser(t.app);
    const [server, other] = [await createTestServer(t.app, owner.user, { name: 'Many crashes' }), await createTestServer(t.app, owner.user, { name: 'One crash' })];
    await recordCrash(t.app.db, { serverId: other.id, info, outcome: 'restart_off', restart: null, lines: ['other'] });
    const lines = Array.from({ length: 150 }, (_, i) => `line ${i}`);
    for (let i = 0; i < 103; i++) await recordCrash(t.app.db, { serverId: server.id, info: { ...info, exitCode: i }, outcome: 'restarting', restart: { attempt: 1, max: 3 }, lines });

    const { data, total } = await listCrashes(t.app.db, server.id, 1, 50);
    expect(total).toBe(100);
    expect(data[0].exit_code).toBe(102);
    const [oldest] = (await listCrashes(t.app.db, server.id, 100, 1)).data;
    expect(oldest.exit_code).toBe(3);
    expect(data[0].lines).toHaveLength(100);
    expect(data[0].lines[0]).toBe('line 50');
    expect(data[0].lines[99]).toBe('line 149');
    expect(await t.app.db.select().from(serverCrashes).where(eq(serverCrashes.serverId, other.id))).toHaveLength(1);
  });
});
