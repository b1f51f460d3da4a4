import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser } from '../../helpers/createTestUser';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v2/plans', () => {
  it('lists every game with its plans for a logged-in customer without a server', async () => {
    const customer = await createTestUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/plans/', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const games = res.json().data as { game: { slug: string }; plans: { slug: string; tier: string; game: string }[] }[];
    expect(games.map((entry) => entry.game.slug).sort()).toEqual(['ark', 'minecraft', 'palworld', 'rust', 'terraria']);
    const rust = games.find((entry) => entry.game.slug === 'rust')!;
    expect(rust.plans.map((plan) => plan.slug)).toEqual(['rust-starter', 'rust-budget', 'rust-premium', 'rust-premium-xl']);
    expect(new Set(rust.plans.map((plan) => plan.tier))).toEqual(new Set(['budget', 'premium']));
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/plans/' })).statusCode).toBe(401);
  });
});
