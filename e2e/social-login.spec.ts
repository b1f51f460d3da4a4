import { expect, test } from '@playwright/test';
import { loginAsFreshUser } from './helpers';

/**
 * Social login against a real OpenID Connect provider on loopback (oidc-provider, started by
 * e2e/run.mjs with the panel configured against its discovery URL as "Local ID").
 */
test.describe('social login', () => {
  test('a customer links Local ID from the account page, logs out, and logs in through the provider’s pages to the dashboard', async ({ page }) => {
    const user = await loginAsFreshUser(page, '/account/edit');
    const subject = `e2e-${user.username}`;
    const linked = page.getByRole('region', { name: 'Linked accounts' });
    await linked.getByRole('button', { name: 'Link', exact: true }).click();
    await linked.getByLabel('Current password').fill(user.password);
    await linked.getByRole('button', { name: 'Link Local ID' }).click();

    // The provider's own sign-in page.
    await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Email', { exact: true }).fill(`${subject}@idp.test`);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/account\/edit$/);
    await expect(linked.getByText('Linked', { exact: true })).toBeVisible();
    await expect(linked.getByText(`${subject}@idp.test`, { exact: false })).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Log in with Local ID' }).click();
    // The provider remembers the person from the link; a fresh provider session asks again.
    const signIn = page.getByRole('heading', { name: 'Sign in to the test identity provider' });
    const dashboard = page.getByRole('heading', { name: 'Your servers' });
    await expect(signIn.or(dashboard)).toBeVisible();
    if (await signIn.isVisible()) {
      await page.getByLabel('Subject').fill(subject);
      await page.getByLabel('Email', { exact: true }).fill(`${subject}@idp.test`);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await expect(dashboard).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
