import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Bot } from 'mineflayer';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';
import { joinAsPlayer } from './helpers/minecraftPlayer';

/** The demo account's Minecraft server (flying-squid, 1.21.4), created with the demo data. */
const SERVER_NAME = 'Survival with friends';

/** The console's output as xterm.js renders it. */
const consoleOutput = (page: Page): Locator => page.locator('.xterm-rows');

/** The state badge of the server page. */

test.describe('a live Minecraft server', () => {
  test('the demo user starts it, follows it in the console, sends `list`, and sees a real client join', async ({ page }) => {
    test.setTimeout(300_000);
    // Logging in stores the token from a JSON page of the panel, for which Chromium asks /favicon.ico.
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    let bot: Bot | null = null;

    try {
      await loginAsDemo(page, '/');

      // The dashboard card, live from the server's socket.
      const card = page.getByRole('article', { name: SERVER_NAME });
      await expect(card).toBeVisible({ timeout: 30_000 });
      await card.getByRole('link', { name: SERVER_NAME }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: SERVER_NAME })).toBeVisible();
      const address = (await page.getByRole('button', { name: /^Copy address / }).getAttribute('aria-label'))!.replace('Copy address ', '');
      const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];

      await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Console' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Console', exact: true })).toBeVisible();
      await expect(page.getByText('Connecting to the server…')).toBeHidden({ timeout: 30_000 });

      // The demo server is set up to run (and may still be installing or starting): bring it to a
      // stop first, so that this test starts it itself.
      await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
      if ((await serverStateTag(page).getAttribute('data-state')) === 'running') {
        await page.getByRole('button', { name: 'Stop', exact: true }).click();
        await expect(serverStateTag(page)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
      }

      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
      await expect(consoleOutput(page)).toContainText('For help, type "help"', { timeout: 30_000 });

      const command = page.getByRole('textbox', { name: 'Console command' });
      await expect(command).toBeEnabled();
      await command.fill('list');
      await command.press('Enter');
      await expect(consoleOutput(page)).toContainText(/There are 0 of a max of \d+ players online/, { timeout: 15_000 });

      // A real Minecraft client joins on the server's port; the overview counts it.
      bot = await joinAsPlayer(host === '0.0.0.0' ? '127.0.0.1' : host, port, 'e2e_player', '1.21.4');
      await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Overview' }).click();
      const players = page.getByTestId('players-online');
      await expect(players).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
      await expect(page.getByText('e2e_player')).toBeVisible();
      // The panel runs games only in their sandbox with kernel limits (without PANEL_UNSAFE_NO_SANDBOX
      // it refuses them otherwise): the overview has no isolation warning.
      await expect(page.getByTestId('isolation-notice')).toHaveCount(0);

      expect(errors).toEqual([]);
    } finally {
      bot?.quit();
    }
  });
});
