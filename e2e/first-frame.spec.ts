import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, loginAsDemo } from './helpers';

/*
 * The first frame: what index.html draws before the panel's code has run (the log-in card, or the
 * side bar and the game's art), so a slow phone shows the panel's frame at once. The frame must be
 * allowed by the Content-Security-Policy (its chooser is an inline script, allowed by its hash)
 * and must be gone once the page has drawn itself.
 */

const frame = (page: Page) => page.locator('#first-frame');

test.describe('first frame', () => {
  test('the log-in card shows before any of the panel’s code, and goes when the page draws', async ({ page }) => {
    // No bundle at all: only index.html's frame can be on screen.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-first-frame', 'guest');
    await expect(frame(page).locator('.ff-guest')).toBeVisible();
    await expect(frame(page).locator('.ff-guest').getByText('Game Panel')).toBeVisible();
    await page.unroute(/\/assets\/.*\.js$/);

    const errors = collectConsoleErrors(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
    await expect(frame(page)).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-first-frame');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a logged-in server page starts from the side bar and the game’s art, then shows the server', async ({ page }) => {
    await loginAsDemo(page, '/');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const serverPath = new URL((await card.getByRole('link').first().getAttribute('href')) ?? '/', page.url()).pathname;

    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(serverPath);
    await expect(page.locator('html')).toHaveAttribute('data-first-frame', 'server');
    await expect(frame(page).locator('.ff-main')).toHaveCSS('background-image', /data:image\/svg\+xml/);
    await page.unroute(/\/assets\/.*\.js$/);

    const errors = collectConsoleErrors(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(frame(page)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
