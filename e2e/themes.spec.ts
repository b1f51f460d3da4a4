import { expect, test } from '@playwright/test';
import { apiStatus, collectConsoleErrors, signUpFreshUser, useToken } from './helpers';
import { createAdminKey, createServerFor } from './helpers/adminApi';

/** Each theme, the server that shows it (its game's template and plan) and its primary colour. */
const themes = [
  { name: 'minecraftDefault', template: 'minecraft-flying-squid', plan: 'minecraft-budget', primary: '#2f7df6' },
  { name: 'minecraftPremium', template: 'minecraft-flying-squid', plan: 'minecraft-premium', primary: '#43a047' },
  { name: 'rustDefault', template: 'rust', plan: 'rust-budget', primary: '#2f7df6' },
  { name: 'rustPremium', template: 'rust', plan: 'rust-premium', primary: '#e5532d' },
  { name: 'terrariaPremium', template: 'terraria', plan: 'terraria-premium', primary: '#9b5de5' },
  { name: 'arkDefault', template: 'ark', plan: 'ark-budget', primary: '#2f7df6' },
  { name: 'arkPremium', template: 'ark', plan: 'ark-premium', primary: '#8f9b34' },
  { name: 'palworldDefault', template: 'palworld', plan: 'palworld-budget', primary: '#2f7df6' },
  { name: 'palworldPremium', template: 'palworld', plan: 'palworld-premium', primary: '#1ea7d8' },
] as const;

test.describe('the nine themes', () => {
  test('each server page wears its game and plan’s theme, without console errors', async ({ page }) => {
    test.setTimeout(240_000);
    const user = await signUpFreshUser();
    const key = createAdminKey('e2e themes');
    const servers: { theme: (typeof themes)[number]; id: string }[] = [];
    for (const theme of themes) {
      servers.push({ theme, id: await createServerFor(key, user.username, { name: `Theme ${theme.name}`, template: theme.template, plan: theme.plan }) });
    }

    // useToken opens a JSON address of the panel to reach its localStorage; Chromium asks that
    // page for /favicon.ico (the web app itself links favicon.svg).
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    await useToken(page, user.token);
    // Outside server pages the panel wears its default theme.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-panel-theme', 'minecraftDefault');
    await expect(page.getByRole('article')).toHaveCount(themes.length);

    for (const { theme, id } of servers) {
      await page.goto(`/server/${id}`);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-panel-theme', theme.name);
      await expect(page.getByText(`Theme ${theme.name}`).first()).toBeVisible();
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--panel-primary').trim().toLowerCase());
      expect(primary, theme.name).toBe(theme.primary);
      // The game's art is painted behind the navigation and the content.
      const art = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--panel-server-image'));
      expect(art, theme.name).toContain('url(');
      // No wait for the network to be idle and no screenshot of each theme: the art is inline (a data
      // address, nothing to download), nothing compared the pictures, and a failure is screenshotted.
    }
    expect(errors).toEqual([]);
  });
});
