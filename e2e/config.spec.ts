import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ping, type NewPingResult } from 'minecraft-protocol';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';

/** The demo account's Minecraft server (flying-squid, 1.21.4), created with the demo data. */
const SERVER_NAME = 'Survival with friends';

const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

/** The server-list ping as a Minecraft client sends it: what the game itself answers. */
async function statusOf(host: string, port: number): Promise<{ motd: string; max: number } | null> {
  try {
    const result = (await ping({
      host,
      port,
      version: '1.21.4',
      closeTimeout: 5000,
    })) as NewPingResult;
    const description = result.description as unknown;
    const motd = typeof description === 'string' ? description : ((description as { text?: string }).text ?? '');
    return { motd, max: result.players.max };
  } catch {
    return null;
  }
}

test.describe('server.properties as a form', () => {
  test('the demo user changes motd and max-players, restarts, and the game answers with them', async ({ page }) => {
    test.setTimeout(300_000);
    // The refused value below is a 422 on purpose.
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico'), apiStatus(422, /\/config\/file\?/)]);
    const motd = `Config e2e ${randomBytes(3).toString('hex')}`;
    const maxPlayers = String(30 + (randomBytes(1)[0] % 60));

    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible();
    const address = (await page.getByRole('button', { name: /^Copy address / }).getAttribute('aria-label'))!.replace('Copy address ', '');
    const host = address.slice(0, address.lastIndexOf(':')).replace(/^0\.0\.0\.0$/, '127.0.0.1');
    const port = Number(address.slice(address.lastIndexOf(':') + 1));

    // The server runs (the demo data starts it; it may still be installing): a save then needs a restart.
    await areaLink(page, 'Console').click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
    if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') {
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', {
        timeout: 120_000,
      });
    }

    await areaLink(page, 'Configuration').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Configuration', exact: true })).toBeVisible();
    const motdInput = page.getByLabel('motd', { exact: true });
    await expect(motdInput).toBeVisible({ timeout: 30_000 });

    // A value the game rejects is refused with the server's message under the field, nothing saved.
    const maxInput = page.getByLabel('max-players', { exact: true });
    await maxInput.fill('lots');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('.ant-form-item', { has: maxInput }).getByText('Must be a whole number.')).toBeVisible();

    await maxInput.fill(maxPlayers);
    await motdInput.fill(motd);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. The server is running: restart it to apply the changes.')).toBeVisible();
    // The raw text beside the form shows the saved file.
    await expect(page.getByRole('textbox', { name: 'File as text' })).toHaveValue(new RegExp(`^motd=${motd}$`, 'm'));

    await page.getByRole('button', { name: 'Restart now' }).click();
    // The demo user asks to confirm restarts (the account's default), as in the console.
    // A click that lands while the dialog is still opening can miss; it is clicked again only while
    // the dialog is still open, so the server is never restarted twice.
    const confirm = page.getByRole('dialog', { name: 'Restart the server?' });
    await expect(confirm).toBeVisible();
    await expect(async () => {
      if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Restart', exact: true }).click({ timeout: 2_000 });
      await expect(page.getByText('The server is restarting with the new settings.')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });

    // The game itself answers a Minecraft client's status ping with the new values.
    await expect.poll(() => statusOf(host, port), { timeout: 120_000, intervals: [1000] }).toEqual({ motd, max: Number(maxPlayers) });

    await areaLink(page, 'Console').click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', {
      timeout: 60_000,
    });
    const command = page.getByRole('textbox', { name: 'Console command' });
    await command.fill('list');
    await command.press('Enter');
    await expect(page.locator('.xterm-rows')).toContainText(`of a max of ${maxPlayers} players online`, { timeout: 15_000 });

    expect(errors).toEqual([]);
  });
});
