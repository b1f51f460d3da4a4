import { expect, test } from '@playwright/test';
import { apiStatus, collectConsoleErrors, signUpFreshUser } from './helpers';
import { adminPost, createAdminKey } from './helpers/adminApi';

interface LoginLink {
  data: { token: string; url: string; expires_at: string };
}

test.describe('login links from the billing system', () => {
  test('a link from the admin API logs the customer in once, on the page it names', async ({ page }) => {
    const user = await signUpFreshUser();
    const key = createAdminKey('e2e login links');
    const { status, body } = await adminPost<LoginLink>(key, `/users/${user.username}/login-token`, { redirect: '/account/edit' });
    expect(status).toBe(201);
    const link = new URL(body.data.url);
    expect(link.pathname).toBe('/login');

    // The second visit spends nothing: the API refuses the used link with a 422.
    const errors = collectConsoleErrors(page, [apiStatus(422, '/api/v2/auth/login-token')]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/account\/edit$/);
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Email address' }).getByLabel('Email')).toHaveValue(user.email);

    // Log out, then open the same link again: it is spent.
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`${link.pathname}${link.search}`);
    const notice = page.getByRole('alert', { name: 'Error' });
    await expect(notice).toContainText('This login link is invalid or has expired.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username or email')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
