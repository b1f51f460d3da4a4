import { eq } from 'drizzle-orm';
import { accessTokens } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { createTestUser } from '../helpers/createTestUser';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v2/auth/current', headers });

describe('resolved access tokens', () => {
  it('stop working within a second when revoked outside this process (e.g. by the CLI)', async () => {
    const alice = await createTestUser(t.app);
    expect((await current(alice.headers)).statusCode).toBe(200);
    await t.app.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, alice.tokenId));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await current(alice.headers)).statusCode).toBe(401);
  });

  it('stop working at once after logout, even though they were just cached', async () => {
    const bob = await createTestUser(t.app);
    expect((await current(bob.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: bob.headers })).statusCode).toBe(204);
    expect((await current(bob.headers)).statusCode).toBe(401);
  });

  it('reflect profile changes at once', async () => {
    const carol = await createTestUser(t.app);
    expect((await current(carol.headers)).json().data.user.time_format).toBe(24);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v2/account', headers: carol.headers, payload: { time_format: 12 } });
    expect(res.statusCode).toBe(200);
    expect((await current(carol.headers)).json().data.user.time_format).toBe(12);
  });
});
