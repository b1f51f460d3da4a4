import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';
import { pageApi as api } from './helpers/pageApi';

/** The demo account's Minecraft server (flying-squid), created with the demo data. */
const SERVER_NAME = 'Survival with friends';
const FILE = 'e2e-backup-check.txt';

const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

test.describe('backups', () => {
  test('a backup of the running Minecraft server brings a changed file back after a restore (stopping first)', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    const before = `before ${randomBytes(4).toString('hex')}`;
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible();
    const serverId = new URL(page.url()).pathname.split('/')[2];

    // The server runs (the demo data starts it; it may still be installing).
    await areaLink(page, 'Console').click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
    if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') {
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
    }
    expect((await api(page, 'POST', `servers/${serverId}/files/write?file=${FILE}`, before)).status).toBe(204);

    await areaLink(page, 'Backups').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Backups', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a backup' });
    await dialog.getByLabel('Name').fill('Before the e2e change');
    await dialog.getByLabel('Files to leave out').fill('logs/');
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    const row = page.getByRole('row', { name: /Before the e2e change/ }).first();
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 120_000 });
    await expect(row.getByRole('code')).toHaveText(/^[0-9a-f]{12}$/);

    expect((await api(page, 'POST', `servers/${serverId}/files/write?file=${FILE}`, 'changed after the backup')).status).toBe(204);

    await row.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: /Restore/ });
    await expect(confirm.getByText('The server is running.', { exact: false })).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Restore', exact: true })).toBeDisabled();
    await confirm.getByRole('button', { name: 'Stop the server' }).click();
    await expect(confirm.getByRole('button', { name: 'Restore', exact: true })).toBeEnabled({ timeout: 60_000 });
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    // The restore leaves the server stopped: the dialog says it is done and offers the start.
    const done = page.getByRole('dialog', { name: 'Backup restored' });
    await expect(done.getByText(/^Restored /)).toBeVisible({ timeout: 120_000 });
    await expect(done.getByText('The server is stopped. Start it to play on the restored files.')).toBeVisible();
    await done.getByRole('button', { name: 'Start the server' }).click();
    await expect(done).toBeHidden({ timeout: 60_000 });

    const contents = await api(page, 'GET', `servers/${serverId}/files/contents?file=${FILE}`);
    expect(contents.status).toBe(200);
    expect(contents.text).toContain(before);
    expect(errors).toEqual([]);
  });
});
