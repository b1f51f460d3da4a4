import { expect, test } from '@playwright/test';
import { loginAsDemo } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';

test.describe('the frame of a server page', () => {
  test('names the server once and the area once, over the game’s art that fades into the page', async ({ page }) => {
    await loginAsDemo(page, '/');
    await page.getByRole('article', { name: SERVER_NAME }).getByRole('link', { name: 'Console' }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Console', exact: true })).toBeVisible({ timeout: 30_000 });

    // One heading for the server, one for the area: the header no longer repeats "Console".
    const header = page.getByRole('main').locator('header').first();
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(SERVER_NAME);
    await expect(header).not.toContainText('Console');
    await expect(page.getByRole('heading', { name: 'Console', exact: true })).toHaveCount(1);

    // The art sits in its own 16:9 box, so the theme's gradient over it ends in the page colour
    // where the picture ends; the content area itself paints no picture with a hard lower edge.
    const art = page.locator('[data-content-art]');
    const box = (await art.boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    const layers = await art.evaluate((element) => {
      const style = getComputedStyle(element);
      return { image: style.backgroundImage, size: style.backgroundSize, main: getComputedStyle(element.parentElement!).backgroundImage };
    });
    expect(layers.image).toMatch(/^linear-gradient\(.*url\("data:image\/svg\+xml/);
    expect(layers.size).toContain('cover');
    expect(layers.main).toBe('none');
  });
});
