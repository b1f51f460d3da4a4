import { expect, test } from '@playwright/test';
import { apiStatus, collectConsoleErrors, uniqueCredentials } from './helpers';

test.describe('deleting an account', () => {
  test('a new customer is welcomed, deletes the account from the account page and can no longer log in', async ({ page }) => {
    test.setTimeout(120_000);
    // Refused on purpose: a wrong password for the deletion and the last login (422); the logout
    // after the deletion meets a session that ended with the account (401).
    const errors = collectConsoleErrors(page, [apiStatus(422, '/api/v2/account/'), apiStatus(401, '/api/v2/auth/logout'), apiStatus(422, '/api/v2/auth/login')]);
    const account = uniqueCredentials('leaver');

    await page.goto('/sign-up');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();
    // The first session after sign-up: no "back" yet.
    await expect(page.getByText(`Welcome, ${account.username}.`)).toBeVisible();

    await page.goto('/account/edit');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    await expect(section.getByText('You own no servers.')).toBeVisible();
    await section.getByLabel('Current password', { exact: true }).fill('not the password');
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(section.getByRole('list', { name: 'Problems with Current password' })).toContainText('The password is incorrect');

    await section.getByLabel('Current password', { exact: true }).fill(account.password);
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account and your servers have been deleted.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();

    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });
});
