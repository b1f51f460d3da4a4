import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, uniqueCredentials } from './helpers';
import { freshTotpCode } from './helpers/totp';
import { translator } from './helpers/translations';

const ar = translator('ar');

async function logOut(page: Page, linkName: string) {
  await page.getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
}

async function submitPasswordStep(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('an account from sign-up to a right-to-left account page', () => {
  test('sign up, log out, log in, two-factor, checkpoint login, Arabic, account edit', async ({ page }) => {
    // The checkpoint login may wait for the next 30-second TOTP step.
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page);
    const account = uniqueCredentials('journey');

    // Sign up: the new account is logged in at once and lands on the dashboard.
    await page.goto('/sign-up');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();

    await logOut(page, 'Log out');

    // Log in with the password alone (two-factor is still off).
    await submitPasswordStep(page, account.username, account.password);
    await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();

    // Enrol two-factor: read the key from the screen, answer with a code computed from it.
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account\/edit$/);
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await twoFactor.locator('code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enrolment = await freshTotpCode(secret);
    await twoFactor.getByLabel('Code from the app').fill(enrolment.code);
    await twoFactor.getByLabel('Current password').fill(account.password);
    await twoFactor.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    await logOut(page, 'Log out');

    // Log in again: the password step now asks for a code of a later time step (each is used once).
    await submitPasswordStep(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const checkpoint = await freshTotpCode(secret, enrolment.step);
    await page.getByLabel('Authentication code').fill(checkpoint.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toMatch(/\S{20,}/);

    // Switch to Arabic: the whole page turns right-to-left, navigation on the right.
    await page.getByRole('link', { name: 'Account' }).click();
    // Each language is listed under its own name.
    await page.getByRole('region', { name: 'Preferences' }).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'العربية' });
    await page.getByRole('region', { name: 'Preferences' }).getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: ar('nav.account') })).toBeVisible();
    const navigation = await page.getByRole('navigation', { name: ar('nav.main') }).boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(navigation && heading).toBeTruthy();
    expect(navigation!.x).toBeGreaterThan(heading!.x + heading!.width - 1);
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('ar');

    // Edit the account in Arabic: name and time format, then reload and find both kept.
    // The sections are named in Arabic now.
    const profile = page.getByRole('region', { name: ar('account.profile.title') });
    const preferences = page.getByRole('region', { name: ar('account.preferences.title') });
    await profile.getByLabel(ar('account.profile.firstName')).fill('Layla');
    await profile.getByLabel(ar('account.profile.lastName')).fill('Haddad');
    await profile.getByRole('button', { name: ar('account.profile.submit') }).click();
    await expect(page.getByText(ar('account.profile.saved'))).toBeVisible();
    await preferences.getByText(ar('account.preferences.hours12')).click();
    await preferences.getByRole('button', { name: ar('account.preferences.submit') }).click();
    await expect(page.getByText(ar('account.preferences.saved'))).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(profile.getByLabel(ar('account.profile.firstName'))).toHaveValue('Layla');
    await expect(profile.getByLabel(ar('account.profile.lastName'))).toHaveValue('Haddad');
    await expect(preferences.getByRole('radio', { name: ar('account.preferences.hours12') })).toBeChecked();
    await page.screenshot({ path: 'e2e/artifacts/account-edit-ar.png', fullPage: true });

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
