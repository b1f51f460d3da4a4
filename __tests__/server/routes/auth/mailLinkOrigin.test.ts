import { createTestApp, type TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';
import { readOutbox } from '../sharing/sharingFixtures';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { bearer, createAccount, freshIp } from '../../helpers/accountFixtures';

jest.setTimeout(120_000);

/** What a forger sends: another Host, and the proxy headers a trusting panel would believe. */
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

// The worst case: the panel believes any proxy (PANEL_TRUST_PROXY=true), and PANEL_URL is unset.
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, port: 0, host: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

describe('links in mails without PANEL_URL', () => {
  it('a reset asked for with a forged Host and X-Forwarded-Host links to the panel’s own address', async () => {
    const account = await createAccount(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/forgot-password', payload: { email: account.email }, headers: forged, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(202);
    const mail = await waitFor(() => readOutbox(t.config.dataDir).find((m) => m.to.includes(account.email)), { what: 'the reset mail' });
    expect(mail.text).toContain(`${origin}/reset-password?token=`);
    expect(mail.text).not.toContain('evil.example');
  });

  it('a login link for the billing system is built the same way', async () => {
    const account = await createAccount(t.app);
    const { key } = await createAdminKey(t.app.db, 'billing');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/admin/users/${encodeURIComponent(account.username)}/login-token`,
      headers: { ...bearer(key), ...forged },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.url.startsWith(`${origin}/login?token=`)).toBe(true);
  });
});

describe('links in mails with PANEL_URL', () => {
  it('use PANEL_URL whatever the request says', async () => {
    const behindProxy = await createTestApp({ trustProxy: true, publicUrl: 'https://panel.example.net' });
    try {
      const account = await createAccount(behindProxy.app);
      await behindProxy.app.inject({ method: 'POST', url: '/api/v2/auth/forgot-password', payload: { email: account.email }, headers: forged, remoteAddress: freshIp() });
      const mail = await waitFor(() => readOutbox(behindProxy.config.dataDir).find((m) => m.to.includes(account.email)), { what: 'the reset mail' });
      expect(mail.text).toContain('https://panel.example.net/reset-password?token=');
    } finally {
      await behindProxy.close();
    }
  });
});
