import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { passwordResets } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { createPasswordReset } from '../../../../server/src/services/auth/passwordResets';
import { createAccount, freshIp, send } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (token: string, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/reset-password/check', { token }, { remoteAddress: ip });
const reset = (token: string) => send(t.app, 'POST', '/api/v2/auth/reset-password', { token, password: 'another password 42', password_confirmation: 'another password 42' });

describe('POST /api/v2/auth/reset-password/check', () => {
  it('says a live link is valid without spending it, and a spent one is not', async () => {
    const account = await createAccount(t.app);
    const { token } = await createPasswordReset(t.app.db, account.id, null);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { valid: true } });
    }
    expect((await reset(token)).statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ data: { valid: false } });
  });

  it('says an expired or unknown link is not valid', async () => {
    const account = await createAccount(t.app);
    const { token } = await createPasswordReset(t.app.db, account.id, null);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect((await check(token)).json()).toEqual({ data: { valid: false } });
    expect((await check('x'.repeat(43))).json()).toEqual({ data: { valid: false } });
  });

  it('answers 422 without a token and 429 past 30 checks per address and 15 minutes', async () => {
    expect((await send(t.app, 'POST', '/api/v2/auth/reset-password/check', {})).json().errors).toEqual({ token: ['This field is required'] });
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await check(`unknown-${i}`, ip)).statusCode).toBe(200);
    const limited = await check('unknown-last', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
