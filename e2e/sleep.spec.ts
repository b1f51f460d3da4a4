import { expect, test } from '@playwright/test';
import { createBot } from 'mineflayer';
import { ping } from 'minecraft-protocol';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';
import { DEMO_SERVER_NAME as SERVER_NAME, restoreDemoServer } from './helpers/demoServer';

// e2e/run.mjs makes an auto-stop "minute" of the demo server last 2 s.

/** Joins like a player: 'spawned', or the text the server refused them with. */
function join(host: string, port: number, username: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const bot = createBot({ host, port, username, auth: 'offline', version: '1.21.4' });
    const timer = setTimeout(() => reject(new Error(`${username} neither joined nor was refused within 60 s`)), 60_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      bot.quit();
      resolve('spawned');
    });
    bot.once('kicked', (reason) => {
      clearTimeout(timer);
      resolve(typeof reason === 'string' ? reason : JSON.stringify(reason));
    });
    bot.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

// The demo server is shared with the specs that follow: whatever happened above, it must not stop
// or sleep by itself afterwards (the test turns both off at its end; a failure half-way would not).
test.afterAll(restoreDemoServer);

test('sleep and wake: a sleeping server answers the server list, a join wakes it, and it stops again when empty', async ({ page }) => {
  test.setTimeout(420_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  await loginAsDemo(page, '/');
  const card = page.getByRole('article', { name: SERVER_NAME });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: SERVER_NAME }).click();
  await expect(page.getByRole('heading', { level: 1, name: SERVER_NAME })).toBeVisible({ timeout: 30_000 });
  const address = (await page.getByRole('button', { name: /^Copy address / }).getAttribute('aria-label'))!.replace('Copy address ', '');
  const host = address.slice(0, address.lastIndexOf(':')).replace('0.0.0.0', '127.0.0.1');
  const port = Number(address.slice(address.lastIndexOf(':') + 1));
  // The power buttons are on the console page.
  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Console' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Console', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(serverStateTag(page)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
  if ((await serverStateTag(page).getAttribute('data-state')) === 'running') {
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(serverStateTag(page)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
  }

  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Players' }).click();
  const sleepCard = page.locator('.panel-card').filter({ hasText: 'Sleep and wake-up' });
  await expect(sleepCard).toBeVisible({ timeout: 60_000 });
  await sleepCard.getByRole('switch', { name: 'Start when someone joins' }).click();
  // The panel loads the Minecraft protocol on first use and may wait for the port: give a slow machine time.
  await expect(sleepCard.getByText('Sleeping', { exact: true })).toBeVisible({ timeout: 45_000 });
  await sleepCard.getByRole('combobox', { name: 'Stop when nobody has played for' }).selectOption({ label: '5 minutes' });

  // The server list shows it sleeping, with its version and max players.
  const status = (await ping({ host, port, version: '1.21.4' })) as { description: unknown; version: { name: string }; players: { max: number } };
  expect(JSON.stringify(status.description)).toContain('Sleeping — join to wake it up');
  expect(status.version.name).toBe('1.21.4');
  expect(status.players.max).toBeGreaterThan(0);

  // The dashboard card says so too.
  await page.goto('/');
  await expect(page.getByRole('article', { name: SERVER_NAME }).getByTestId('sleeping')).toHaveText('Sleeping', { timeout: 30_000 });

  // A join wakes it; the player is told to rejoin, and gets in once it runs.
  const wakeAttempt = Date.now();
  expect(await join(host, port, 'e2e_sleeper')).toMatch(/rejoin in about \d+ seconds/);
  await page.getByRole('article', { name: SERVER_NAME }).getByRole('link', { name: SERVER_NAME }).click();
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
  console.log(`wake: join attempt → running in ${Date.now() - wakeAttempt} ms`);
  expect(await join(host, port, 'e2e_sleeper')).toBe('spawned');

  // Nobody plays for 5 "minutes" (10 s here): it stops, and sleeps again.
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'offline', { timeout: 120_000 });
  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Players' }).click();
  await expect(page.locator('.panel-card').filter({ hasText: 'Sleep and wake-up' }).getByText('Sleeping', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The demo server is shared with the specs that follow: they expect it to stay up once started.
  const settings = page.locator('.panel-card').filter({ hasText: 'Sleep and wake-up' });
  const autoStop = settings.getByRole('combobox', { name: 'Stop when nobody has played for' });
  await autoStop.selectOption({ label: 'Off' });
  await expect(autoStop).toHaveValue('0');
  await settings.getByRole('switch', { name: 'Start when someone joins' }).click();
  await expect(settings.getByRole('switch', { name: 'Start when someone joins' })).toHaveAttribute('aria-checked', 'false');
  await expect(settings.getByText('Sleeping', { exact: true })).toBeHidden({ timeout: 15_000 });
  expect(errors).toEqual([]);
});
