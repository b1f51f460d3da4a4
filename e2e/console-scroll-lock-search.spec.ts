import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo, serverStateTag } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';

/** The top row of the console's view, as xterm.js renders it. */
const topRow = (page: Page) => page.locator('.xterm-rows > div').first();

test.describe('the console in a real browser', () => {
  test('scroll lock holds the lines in view while output arrives, and search finds lines in the output', async ({ page }) => {
    test.setTimeout(300_000);
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Console' }).click();
    await expect(page.getByText('Connecting to the server…')).toBeHidden({ timeout: 30_000 });
    await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
    if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
    const output = page.locator('.xterm-rows');
    await expect(output).toContainText('For help, type "help"', { timeout: 30_000 });
    const command = page.getByRole('textbox', { name: 'Console command' });

    // Enough output to scroll: each command is echoed (numbered, so no two lines look alike) and answered.
    for (let i = 0; i < 15; i++) {
      await command.fill(`list ${i}`);
      await command.press('Enter');
    }
    await expect(output).toContainText(/There are 0 of a max of \d+ players online/, { timeout: 15_000 });
    const terminal = page.getByTestId('console-terminal');
    const written = async () => Number(await terminal.getAttribute('data-lines-written'));

    await page.getByRole('button', { name: 'Scroll lock' }).click();
    await page.waitForTimeout(500);
    const before = await topRow(page).textContent();
    const writtenBefore = await written();
    for (let i = 0; i < 15; i++) {
      await command.fill(`list ${i + 100}`);
      await command.press('Enter');
    }
    await expect(page.getByRole('button', { name: 'Jump to bottom' })).toBeVisible();
    await expect.poll(written, { timeout: 15_000 }).toBeGreaterThanOrEqual(writtenBefore + 15);
    await page.waitForTimeout(500);
    expect(await topRow(page).textContent()).toBe(before);

    await page.getByRole('button', { name: 'Jump to bottom' }).click();
    await expect(page.getByRole('button', { name: 'Scroll lock' })).toHaveAttribute('aria-pressed', 'false');
    await expect(topRow(page)).not.toHaveText(before ?? '');

    // The search addon is fetched with the first search.
    const search = page.getByRole('textbox', { name: 'Search the output' });
    await search.fill('players online');
    await search.press('Enter');
    await expect(page.getByText(/^\d+ of \d+$/)).toBeVisible({ timeout: 15_000 });
    await search.fill('no such line anywhere');
    await search.press('Enter');
    await expect(page.getByText('No matches')).toBeVisible();
  });
});
