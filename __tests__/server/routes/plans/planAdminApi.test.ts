import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser } from '../../helpers/createTestUser';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await createAdminKey(t.app.db, 'billing')).key;
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

describe('plans in the admin API', () => {
  it('creates a second plan of a game and tier, changes its price and order, and deletes it', async () => {
    const fields = {
      slug: 'minecraft-budget-plus',
      game: 'minecraft',
      tier: 'budget',
      name: 'Minecraft Budget+',
      memory_mb: 3072,
      cpu_percent: 150,
      disk_mb: 15_360,
      price_monthly: 900,
      display_order: 25,
    };
    let res = await admin('POST', '/plans', fields);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ ...fields, currency: 'EUR', backups: 0 });
    expect((await admin('POST', '/plans', fields)).statusCode).toBe(409);
    res = await admin('PATCH', '/plans/minecraft-budget-plus', { price_monthly: 950, display_order: 15, currency: 'USD' });
    expect(res.json().data).toMatchObject({ price_monthly: 950, display_order: 15, currency: 'USD' });
    const ladder = (await admin('GET', '/plans'))
      .json()
      .data.filter((p: { game: string }) => p.game === 'minecraft')
      .map((p: { slug: string }) => p.slug);
    expect(ladder).toEqual(['minecraft-starter', 'minecraft-budget-plus', 'minecraft-budget', 'minecraft-premium', 'minecraft-premium-xl']);
    expect((await admin('DELETE', '/plans/minecraft-budget-plus')).statusCode).toBe(204);
    expect((await admin('DELETE', '/plans/minecraft-budget-plus')).statusCode).toBe(404);
  });

  it('refuses bad fields (422), an unknown game (422) and deleting a plan in use (409)', async () => {
    let res = await admin('POST', '/plans', { slug: 'x', game: 'minecraft', tier: 'gold', name: '', memory_mb: 0, cpu_percent: 100, disk_mb: 1, price_monthly: -1 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['slug', 'tier', 'name', 'memory_mb', 'price_monthly']));
    res = await admin('POST', '/plans', { slug: 'doom-budget', game: 'doom', tier: 'budget', name: 'Doom', memory_mb: 1, cpu_percent: 1, disk_mb: 1, price_monthly: 1 });
    expect(res.json().errors).toEqual({ game: ['There is no such game.'] });
    await createTestServer(t.app, (await createTestUser(t.app)).user, { plan: 'minecraft-starter' });
    res = await admin('DELETE', '/plans/minecraft-starter');
    expect(res.statusCode).toBe(409);
  });
});
