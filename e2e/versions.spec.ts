import { expect, test, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';
import { joinAndLeave } from './helpers/minecraftPlayer';

/** The demo account's Minecraft server (flying-squid, 1.21.4), created with the demo data. */
const SERVER_NAME = 'Survival with friends';

const area = (page: Page, name: string) => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name, exact: true });

/** Switches on the versions page and waits for the job to end well. */
async function switchTo(page: Page, version: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search versions' }).fill(version);
  await page.getByRole('searchbox', { name: 'Search versions' }).press('Enter');
  await page.getByRole('button', { name: `Switch to ${version}`, exact: true }).click();
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByText(`The server now runs flying-squid ${version}.`)).toBeVisible({ timeout: 90_000 });
}

test('versions and setups: switch the embedded server to 1.21.1 and join at that version; apply the creative setup after its preview', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  await loginAsDemo(page, '/');
  const card = page.getByRole('article', { name: SERVER_NAME });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: SERVER_NAME }).click();
  const address = (await page.getByRole('button', { name: /^Copy address / }).getAttribute('aria-label'))!.replace('Copy address ', '');
  const host = address.slice(0, address.lastIndexOf(':')).replace('0.0.0.0', '127.0.0.1');
  const port = Number(address.slice(address.lastIndexOf(':') + 1));
  await area(page, 'Console').click();
  await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
  if ((await serverStateTag(page).getAttribute('data-state')) === 'offline') await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });

  await area(page, 'Versions').click();
  await expect(page.getByText('This server runs flying-squid (embedded) 1.21.4.')).toBeVisible({ timeout: 30_000 });
  await switchTo(page, '1.21.1');
  await expect(page.getByText('This server runs flying-squid (embedded) 1.21.1.')).toBeVisible();
  await joinAndLeave(host, port, 'Versioned', '1.21.1');

  await area(page, 'Setups').click();
  await page.getByRole('button', { name: 'Preview Creative build server' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'gamemode', exact: true }) });
  await expect(row.getByRole('cell', { name: 'creative', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: /Start a new world/ }).uncheck();
  await page.getByRole('button', { name: 'Back up and apply' }).click();
  await expect(page.getByText(/The setup is in place/)).toBeVisible({ timeout: 90_000 });

  await area(page, 'Files').click();
  // The file's own row (other specs leave more files and folders in the demo server's list).
  await page.locator('[data-file-name="server.properties"]').click();
  await expect(page.locator('.cm-content')).toContainText('gamemode=creative', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
