import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, demoCredentials, motionSettled } from './helpers';

/** The demo account's server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';

/** The visible text of the panel's main content, with runs of white space made one. */
async function mainText(main: Locator): Promise<string> {
  return (await main.innerText()).replace(/\s+/g, ' ').trim();
}

/** The address of a page without its origin: path, query and hash. */
function route(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

test.describe('support replay', () => {
  test('a recorded session replays in a fresh browser to the same screen, without calling the API', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page, [apiStatus(422, '/api/v2/account/email')]);
    const demo = demoCredentials();

    // Log in through the form, like a customer.
    await page.goto('/login');
    await page.getByLabel('Username or email').fill(demo.username);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    // Open the demo server and use two of its areas.
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    // Each area's code loads on its first visit: slow on a busy machine.
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Console' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Console', exact: true })).toBeVisible({ timeout: 30_000 });

    // Back to the dashboard, then the account page, where a wrong current password answers 422.
    await page.goto('/account/edit');
    const emailForm = page.locator('form#account-email');
    await expect(emailForm).toBeVisible({ timeout: 30_000 });
    await emailForm.getByLabel('Email').fill(`changed-${Date.now()}@example.com`);
    await emailForm.getByLabel('Current password').fill('certainly-not-the-password');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v2/account/email') && response.request().method() !== 'GET');
    await emailForm.getByRole('button', { name: 'Change email' }).click();
    expect((await answered).status()).toBe(422);
    await expect(emailForm.locator('.ant-form-item-explain-error').first()).toBeVisible();
    // Let the screen settle (notifications, follow-up queries) before taking it as the original.
    await page.waitForLoadState('networkidle');

    const originalRoute = route(page);
    const originalText = await mainText(page.locator('main'));
    expect(originalText).toContain('Current password');

    // "Report a problem" from the user menu: the dialog shows the file, the download saves it.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Report a problem').click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const contents = await dialog.getByRole('textbox', { name: 'What the file contains' }).inputValue();
    expect(contents).toContain('"format": "game-panel-action-log"');
    expect(contents).not.toContain(demo.password);
    expect(contents).not.toContain('certainly-not-the-password');
    await motionSettled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the file' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^panel-action-log-.*\.json$/);
    // Kept with the other artifacts, so a failing replay can be reproduced with `npm run replay`.
    const file = 'e2e/artifacts/support-replay-log.json';
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8')) as { location: string; actionCount: number; payload: string };
    expect(exported.location).toBe(originalRoute);
    expect(exported.actionCount).toBeGreaterThan(10);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);

    // Support opens the file in a browser that has never seen the panel.
    const support = await browser.newContext({ baseURL: process.env.PANEL_BASE_URL, viewport: { width: 1600, height: 1000 } });
    try {
      const replay = await support.newPage();
      const replayErrors = collectConsoleErrors(replay);
      await replay.goto('/support/replay');
      const input = replay.getByLabel('Action log file');
      await expect(input).toBeAttached({ timeout: 30_000 });
      await replay.waitForLoadState('networkidle');

      const apiRequests: string[] = [];
      replay.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api')) apiRequests.push(`${request.method()} ${request.url()}`);
      });
      await input.setInputFiles(file);
      await expect.poll(() => replayErrors, { timeout: 2000 }).toEqual([]);
      await expect(replay.getByTestId('replay-summary')).toContainText(`${exported.actionCount} actions`, { timeout: 30_000 });

      // Go back to the start, then jump to the last step through the action list.
      const actions = replay.getByRole('list', { name: 'Actions' }).getByRole('button');
      await actions.first().click();
      await expect(replay.getByTestId('replay-position')).toHaveText(`Step 1 of ${exported.actionCount}`);
      await replay.getByRole('button', { name: 'Step back' }).click();
      await expect(replay.getByTestId('replay-position')).toHaveText(`Step 0 of ${exported.actionCount}`);
      await actions.last().click();
      await expect(replay.getByTestId('replay-position')).toHaveText(`Step ${exported.actionCount} of ${exported.actionCount}`);

      const screen = replay.getByTestId('replay-screen');
      await expect(screen).toHaveAttribute('data-location', originalRoute, { timeout: 30_000 });
      const replayedMain = screen.locator('main');
      await expect(replayedMain).toContainText('Current password', { timeout: 30_000 });
      await expect.poll(() => mainText(replayedMain), { timeout: 15_000 }).toBe(originalText);

      // Let anything the replayed screens might try reach the network, then count.
      await replay.waitForTimeout(1500);
      expect(apiRequests).toEqual([]);
      expect(replayErrors).toEqual([]);
    } finally {
      await support.close();
    }
  });
});
