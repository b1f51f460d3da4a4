import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './helpers';

test.describe('smoke', () => {
  test('an anonymous visitor opening / lands on the login page, rendered in #app without console errors', async ({ page }) => {
    const errors = collectConsoleErrors(page);

    await page.goto('/');

    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    const app = page.locator('#app');
    await expect(app).toBeVisible();
    // The login form itself, inside the mount point: a password field and a submit button.
    await expect(app.locator('input[type="password"]')).toBeVisible();
    await expect(app.getByRole('button').first()).toBeVisible();
    // Let lazy chunks and translations finish loading before judging the console.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('the login page opened directly renders in #app without console errors', async ({ page }) => {
    const errors = collectConsoleErrors(page);

    const response = await page.goto('/login');

    expect(response?.status()).toBe(200);
    await expect(page.locator('#app input[type="password"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
