import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { seedDemoAccount } from '../../../../server/src/services/demo/seedDemoAccount';
import { users } from '../../../../server/src/db/schema';
import { send } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

describe('demo account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t.close());
  // Each case starts from an empty users table, like a first start.
  beforeEach(async () => {
    await t.app.db.delete(users);
    t.config.demoData = true;
  });

  it('is created on an empty database with a random password, written to a private file', async () => {
    const created = await seedDemoAccount(t.app, {});
    expect(created).toMatchObject({ username: 'demo', email: 'demo@example.com' });
    expect(created!.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const file = join(t.config.dataDir, 'demo-credentials.txt');
    expect(readFileSync(file, 'utf8')).toBe(`username: demo\nemail: demo@example.com\npassword: ${created!.password}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: 'demo', password: created!.password });
    expect(login.statusCode).toBe(200);
    // Second start: the database has an account, nothing happens.
    expect(await seedDemoAccount(t.app, {})).toBeNull();
  });

  it('takes its password from PANEL_DEMO_PASSWORD', async () => {
    const created = await seedDemoAccount(t.app, { PANEL_DEMO_PASSWORD: 'fixed demo password' });
    expect(created!.password).toBe('fixed demo password');
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: 'demo@example.com', password: 'fixed demo password' });
    expect(login.statusCode).toBe(200);
  });

  it('is not created when demo data is off', async () => {
    t.config.demoData = false;
    expect(await seedDemoAccount(t.app, {})).toBeNull();
    expect(await t.app.db.select().from(users)).toHaveLength(0);
  });
});
