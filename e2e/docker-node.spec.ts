import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Bot } from 'mineflayer';
import { adminPost, createAdminKey } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, loginAsFreshUser, serverStateTag } from './helpers';
import { joinAsPlayer } from './helpers/minecraftPlayer';
import { pageApi as api } from './helpers/pageApi';

/**
 * A customer's Minecraft server on a Docker node: the host registers the run's Docker Engine (e2e/run.mjs
 * starts one in a network namespace of its own) and creates the server there; the customer uses it as
 * any other, in the browser.
 */
const dockerProblem = process.env.E2E_DOCKER_PROBLEM;
const consoleOutput = (page: Page): Locator => page.locator('.xterm-rows');
const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

test('a server on a Docker node: start, console, a player joins, files, a backup restored, stop', async ({ page }) => {
  test.skip(dockerProblem !== undefined, `no Docker node: ${dockerProblem}`);
  test.setTimeout(420_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const key = createAdminKey('docker node spec');
  const nodeName = `e2e-node-${randomBytes(3).toString('hex')}`;
  // A retry's node may not overlap the first attempt's, which stays registered.
  const firstPort = 30100 + test.info().retry * 1000;
  const node = await adminPost<{ data: { name: string; state: string } }>(key, '/nodes', {
    name: nodeName,
    driver: 'docker',
    docker_host: process.env.E2E_DOCKER_HOST,
    public_host: process.env.E2E_DOCKER_PUBLIC_HOST,
    port_range: `${firstPort}-${firstPort + 99}`,
    memory_mb: 8192,
    disk_mb: 20480,
  });
  expect(node.status, JSON.stringify(node.body)).toBe(201);

  const user = await loginAsFreshUser(page);
  const created = await adminPost<{ data: { server: { identifier: string } } }>(key, '/servers', {
    name: 'On a node',
    owner: user.username,
    template: 'minecraft-flying-squid',
    plan: 'minecraft-budget',
    node: nodeName,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const serverId = created.body.data.server.identifier;
  let bot: Bot | null = null;
  try {
    await page.goto(`/server/${serverId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 30_000 });
    // Players connect to the node's address, not the panel's.
    const address = (await page.getByRole('button', { name: /^Copy address / }).getAttribute('aria-label'))!.replace('Copy address ', '');
    const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];
    expect(host).toBe(process.env.E2E_DOCKER_PUBLIC_HOST);

    await areaLink(page, 'Console').click();
    await expect(page.getByText('Connecting to the server…')).toBeHidden({ timeout: 30_000 });
    // The install runs in containers on the node first.
    await expect(serverStateTag(page))
      .toHaveAttribute('data-state', 'offline', { timeout: 180_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe console said:\n${await consoleOutput(page).innerText()}`);
      });
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
    const command = page.getByRole('textbox', { name: 'Console command' });
    await expect(command).toBeEnabled();
    await command.fill('list');
    await command.press('Enter');
    await expect(consoleOutput(page)).toContainText(/There are 0 of a max of \d+ players online/, { timeout: 30_000 });

    bot = await joinAsPlayer(host, port, 'node_player');
    await areaLink(page, 'Overview').click();
    await expect(page.getByTestId('players-online')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
    bot.quit();
    bot = null;

    // Files: what the install wrote on the node is listed, and a file written through the panel is read back.
    await areaLink(page, 'Files').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Files', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-file-name="server.properties"]')).toBeVisible({ timeout: 30_000 });
    const before = `before ${randomBytes(4).toString('hex')}`;
    expect((await api(page, 'POST', `servers/${serverId}/files/write?file=node-check.txt`, before)).status).toBe(204);

    await areaLink(page, 'Backups').click();
    await page.getByRole('button', { name: 'Create backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a backup' });
    await dialog.getByLabel('Name').fill('On the node');
    await dialog.getByRole('button', { name: 'Create backup' }).click();
    const row = page.getByRole('row', { name: /On the node/ }).first();
    await expect(row.getByText('Completed')).toBeVisible({ timeout: 120_000 });
    expect((await api(page, 'POST', `servers/${serverId}/files/write?file=node-check.txt`, 'changed after the backup')).status).toBe(204);

    await row.getByRole('button', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: /Restore/ });
    await confirm.getByRole('button', { name: 'Stop the server' }).click();
    await expect(confirm.getByRole('button', { name: 'Restore', exact: true })).toBeEnabled({ timeout: 60_000 });
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Backup restored' });
    await expect(done.getByText(/^Restored /)).toBeVisible({ timeout: 120_000 });
    await done.getByRole('button', { name: 'Start the server' }).click();
    await expect(done).toBeHidden({ timeout: 60_000 });
    const contents = await api(page, 'GET', `servers/${serverId}/files/contents?file=node-check.txt`);
    expect(contents.status).toBe(200);
    expect(contents.text).toContain(before);

    // Started again on the restored files, then stopped.
    await areaLink(page, 'Console').click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
    expect(errors).toEqual([]);
  } finally {
    bot?.quit();
  }
});
