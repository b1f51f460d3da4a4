import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo } from './helpers';

/** The demo account's Minecraft server (flying-squid), created with the demo data. */
const SERVER_NAME = 'Survival with friends';

const stateBadge = (page: Page): Locator => page.locator('section .ant-tag[data-state]').first();
const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

/** The command tasks need the server running (the demo data starts it; it may still be installing). */
async function ensureRunning(page: Page): Promise<void> {
  await areaLink(page, 'Console').click();
  await expect(stateBadge(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
  if ((await stateBadge(page).getAttribute('data-state')) === 'offline') {
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(stateBadge(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
  }
}

test.describe('scheduled tasks', () => {
  test('a schedule that says hello: a bad cron field is named, then it is saved, run now, and its result and history show', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico'), apiStatus(422, /\/api\/v2\/servers\/[^/]+\/schedules$/)]);
    const name = `Greeting ${Date.now().toString(36)}`;
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 60_000 });

    await ensureRunning(page);

    await areaLink(page, 'Scheduled tasks').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Scheduled tasks' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New schedule' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Every day at 4:00' }).click();
    await expect(dialog.getByTestId('cron-description')).toHaveText(/04:00/);
    await dialog.getByRole('textbox', { name: 'Timezone', exact: true }).fill('UTC');
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('say hello');
    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('61');
    await expect(dialog.getByTestId('cron-description')).toHaveText('This is not a valid cron expression yet.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('list', { name: 'Problems with Minute' })).toContainText('Not a valid minute');

    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const row = page.getByRole('row', { name: new RegExp(name) }).first();
    await expect(row).toContainText('Not run yet');
    await expect(row).toContainText('0 4 * * *');

    await row.getByRole('button', { name: 'Run now' }).click();
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
    await row.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: `History of ${name}` });
    await expect(drawer.getByText('command say hello')).toBeVisible();
    await expect(drawer.getByText('Run now', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a schedule due every minute fires on its own, and its history says so', async ({ page }) => {
    // The next whole minute is up to 60 s away; the run itself takes a moment more.
    test.setTimeout(240_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    const name = `Minutely ${Date.now().toString(36)}`;
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 60_000 });
    await ensureRunning(page);
    await areaLink(page, 'Scheduled tasks').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Scheduled tasks' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New schedule' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('*');
    await dialog.getByRole('textbox', { name: 'Hour', exact: true }).fill('*');
    await dialog.getByRole('textbox', { name: 'Timezone', exact: true }).fill('UTC');
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('say hello on time');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const row = page.getByRole('row', { name: new RegExp(name) }).first();
    await expect(row).toContainText('* * * * *');

    // No click: the panel runs it at the top of the next minute.
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 100_000 });
    await row.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: `History of ${name}` });
    await expect(drawer.getByText('On schedule', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('command say hello on time')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    // Leave the demo server as it was: the schedule would otherwise keep firing for later tests.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
