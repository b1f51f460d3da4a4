import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import { startTestMariaDb, type TestMariaDb } from '../__tests__/server/helpers/testMariaDb';
import { apiStatus, collectConsoleErrors, loginAsDemo } from './helpers';
import { deleteDemoServerDatabases } from './helpers/demoServer';

/** The demo account's Minecraft server (premium plan: 5 databases). */
const SERVER_NAME = 'Survival with friends';
// Its own name per worker: a retry does not meet the host an attempt that failed half-way could not remove.
const HOST_NAME = `e2e-mariadb-${Date.now().toString(36)}`;

const rootDir = join(__dirname, '..');
const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

/** `npm run panel -- …` against the running panel (its control socket in PANEL_DATA_DIR). */
function panelCli(...argv: string[]): string {
  const dataDir = process.env.PANEL_DATA_DIR;
  if (!dataDir) throw new Error('PANEL_DATA_DIR is not set: run the tests with `npm run test:e2e` (it starts the panel)');
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...argv], { cwd: rootDir, env: { ...process.env, PANEL_DATA_DIR: dataDir }, encoding: 'utf8' });
}

test.describe('databases', () => {
  let maria: TestMariaDb;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    maria = await startTestMariaDb();
    panelCli('database-hosts:create', '--name', HOST_NAME, '--host', maria.host, '--port', String(maria.port), '--username', maria.adminUser, '--password', maria.adminPassword);
  });
  test.afterAll(async () => {
    try {
      // A test that failed half-way leaves its database, and the panel keeps a host that holds one.
      await deleteDemoServerDatabases();
      panelCli('database-hosts:delete', HOST_NAME);
    } finally {
      await maria?.stop();
    }
  });

  test('a database created on the page takes a mysql2 login with the credentials it shows', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await areaLink(page, 'Database').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Databases', exact: true })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'New database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a database' });
    await expect(dialog.getByLabel('Connections from')).toHaveValue('%');
    await dialog.getByLabel('Name').fill('e2e_shop');
    await dialog.getByRole('button', { name: 'Create database' }).click();
    const created = page.getByRole('region', { name: /^Database s\d+_e2e_shop$/ });
    await expect(created).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Database created')).toBeVisible();

    // Host, port, database, user, password and JDBC URL, in this order, each with its copy button.
    const values = created.locator('code');
    await expect(values).toHaveCount(6);
    const [host, port, database, user, password, jdbc] = await values.allInnerTexts();
    expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(jdbc).toBe(`jdbc:mysql://${host}:${port}/${database}`);
    for (const what of ['Host', 'Port', 'Database', 'User', 'Password', 'JDBC URL']) await expect(created.getByRole('button', { name: `Copy ${what}` })).toBeVisible();

    const connection = await mysql.createConnection({ host, port: Number(port), user, password, database });
    await connection.query('CREATE TABLE e2e_check (id INT PRIMARY KEY)');
    await connection.query('INSERT INTO e2e_check VALUES (1)');
    const [rows] = await connection.query('SELECT COUNT(*) AS n FROM e2e_check');
    expect(rows).toEqual([{ n: 1 }]);
    await connection.end();

    // Delete it again, so the demo server keeps its room.
    await created.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(created).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('No databases yet.')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
