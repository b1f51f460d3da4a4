import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../../server/src/plugins/config/loadConfig';
import { auditLogs } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/testApp';

/** The IP recorded for a failed login sent with a forged or proxy-set X-Forwarded-For. */
async function recordedIp(test: TestApp): Promise<string | null> {
  await test.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    headers: { 'x-forwarded-for': '203.0.113.7' },
    payload: { login: 'nobody@example.com', password: 'wrong-password' },
  });
  const rows = await test.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'auth.fail')).orderBy(desc(auditLogs.id)).limit(1);
  return rows[0]?.ip ?? null;
}

describe('trusted proxies', () => {
  it('ignores X-Forwarded-For by default, so a client cannot pick its own IP', async () => {
    const test = await createTestApp();
    try {
      expect(await recordedIp(test)).toBe('127.0.0.1');
    } finally {
      await test.close();
    }
  });

  it('takes the customer IP from X-Forwarded-For sent by a trusted proxy', async () => {
    const test = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      expect(await recordedIp(test)).toBe('203.0.113.7');
    } finally {
      await test.close();
    }
  });

  it('reads PANEL_TRUST_PROXY as off, true or a list of addresses', () => {
    const dataDir = loadConfig({}).dataDir;
    const read = (value?: string) => loadConfig({ PANEL_TRUST_PROXY: value, PANEL_DATA_DIR: dataDir, PANEL_SECRET: 'x' }).trustProxy;
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
