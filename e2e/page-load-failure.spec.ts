import { expect, test } from '@playwright/test';
import { loginAsDemo } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';
const chunk = /\/assets\/[^/]+\.js(\?.*)?$/;

/**
 * A page whose code cannot be fetched (offline, or a chunk gone after a redeploy) shows its own
 * failure with Reload inside the layout; the menu stays. When the panel serves a new build, the
 * app reloads into it at once, once.
 */
test.describe('a page whose code fails to load', () => {
  test('shows "This page could not be loaded" with Reload, and the menu still works', async ({ page }) => {
    await loginAsDemo(page, '/');
    await page.getByRole('article', { name: SERVER_NAME }).getByRole('link', { name: SERVER_NAME }).click({ timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Server areas' });
    await expect(nav).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // Every chunk not loaded yet now fails, as after a redeploy that removed the old files.
    const blocked: string[] = [];
    await page.route(chunk, (route) => {
      blocked.push(route.request().url());
      return route.abort('failed');
    });
    await nav.getByRole('link', { name: 'Files' }).click();

    const failure = page.getByRole('alert', { name: 'This page could not be loaded' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(blocked.length).toBeGreaterThan(0);
    await expect(nav).toBeVisible();

    // The menu still leads back to a page whose code is there.
    await nav.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible();
    await expect(failure).toBeHidden();

    // Reload, once the files can be fetched again, brings the page back.
    await page.unroute(chunk);
    await nav.getByRole('link', { name: 'Files' }).click();
    await failure.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('navigation', { name: 'Server areas' })).toBeVisible({ timeout: 30_000 });
    await expect(failure).toBeHidden({ timeout: 30_000 });
  });

  test('comes back by itself when the browser is online again, without a click', async ({ page, context }) => {
    await loginAsDemo(page, '/');
    await page.getByRole('article', { name: SERVER_NAME }).getByRole('link', { name: SERVER_NAME }).click({ timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Server areas' });
    await expect(nav).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // The connection drops: the next page's code cannot be fetched.
    await context.setOffline(true);
    await nav.getByRole('link', { name: 'Backups' }).click();
    const failure = page.getByRole('alert', { name: 'This page could not be loaded' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText('loads again by itself as soon as the connection is back');

    // Back online: the page loads without anyone pressing Reload.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 2, name: 'Backups', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(failure).toBeHidden();
    await expect(page).toHaveURL(/\/backups$/);
  });
});
