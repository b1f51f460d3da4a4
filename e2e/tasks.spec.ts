import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';

/** The demo account's Minecraft server (flying-squid), created with the demo data. */
const SERVER_NAME = 'Survival with friends';

const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

/** The command tasks need the server running (the demo data starts it; it may still be installing). */
async function ensureRunning(page: Page): Promise<void> {
  await areaLink(page, 'Console').click();
  await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
  if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') {
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
  }
}

test.describe('scheduled tasks', () => {
  // One test, so the wait for the next whole minute (up to 60 s) is spent on the other schedule.
  test('a schedule due every minute fires on its own while one that says hello has a bad cron field named, is saved and run now; results and history show', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico'), apiStatus(422, /\/api\/v2\/servers\/[^/]+\/schedules$/)]);
    const stamp = Date.now().toString(36);
    const minutely = `Minutely ${stamp}`;
    const greeting = `Greeting ${stamp}`;
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 60_000 });

    // The commands need the server running.
    await ensureRunning(page);

    await areaLink(page, 'Scheduled tasks').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Scheduled tasks', exact: true })).toBeVisible({ timeout: 30_000 });

    // Every minute: saved with no run; the panel runs it at the top of the next minute.
    await page.getByRole('button', { name: 'New schedule' }).click({ timeout: 60_000 });
    let dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(minutely);
    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('*');
    await dialog.getByRole('textbox', { name: 'Hour', exact: true }).fill('*');
    // The timezone is picked from a list, searched by name.
    await dialog.getByRole('combobox', { name: 'Timezone', exact: true }).fill('UTC');
    await page.locator('.ant-select-item-option[title="UTC (UTC+00:00)"]').click();
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('say hello on time');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const minutelyRow = page.getByRole('row', { name: new RegExp(minutely) }).first();
    await expect(minutelyRow).toContainText('* * * * *');

    // Daily at 4:00, with a bad minute first: the field is named.
    await page.getByRole('button', { name: 'New schedule' }).click({ timeout: 60_000 });
    dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(greeting);
    await dialog.getByRole('button', { name: 'Every day at 4:00' }).click();
    await expect(dialog.getByTestId('cron-description')).toHaveText(/04:00/);
    await dialog.getByRole('combobox', { name: 'Timezone', exact: true }).fill('UTC');
    await page.locator('.ant-select-item-option[title="UTC (UTC+00:00)"]').click();
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('say hello');
    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('61');
    await expect(dialog.getByTestId('cron-description')).toHaveText('This is not a valid cron expression yet.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('list', { name: 'Problems with Minute' })).toContainText('Not a valid minute');

    // The message goes as soon as the minute is changed: it was about the old value.
    await dialog.getByRole('textbox', { name: 'Minute', exact: true }).fill('0');
    await expect(dialog.getByRole('list', { name: 'Problems with Minute' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const greetingRow = page.getByRole('row', { name: new RegExp(greeting) }).first();
    await expect(greetingRow).toContainText('Not run yet');
    await expect(greetingRow).toContainText('0 4 * * *');

    await greetingRow.getByRole('button', { name: 'Run now' }).click();
    // Run now says it started, not just the row changing later.
    await expect(page.getByRole('status', { name: 'Schedule started' })).toContainText(greeting, { timeout: 30_000 });
    await expect(greetingRow.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
    await greetingRow.getByRole('button', { name: 'History' }).click();
    let drawer = page.getByRole('dialog', { name: `History of ${greeting}` });
    await expect(drawer.getByText('command say hello')).toBeVisible();
    await expect(drawer.getByText('Run now', { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    // No click for this one: it ran on its own.
    await expect(minutelyRow.getByText('Succeeded')).toBeVisible({ timeout: 100_000 });
    await minutelyRow.getByRole('button', { name: 'History' }).click();
    drawer = page.getByRole('dialog', { name: `History of ${minutely}` });
    await expect(drawer.getByText('On schedule', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('command say hello on time')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    // Leave the demo server as it was: the schedule would otherwise keep firing for later tests.
    await minutelyRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByRole('row', { name: new RegExp(minutely) })).toHaveCount(0, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
