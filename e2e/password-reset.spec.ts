import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { collectConsoleErrors, signUpFreshUser } from './helpers';

/** The reset link (path and query) of the newest mail to `address` in the panel's outbox. */
function resetLinkFor(address: string): string | null {
  const dataDir = process.env.PANEL_DATA_DIR;
  if (!dataDir) throw new Error('PANEL_DATA_DIR is not set: run the tests with `npm run test:e2e` (it starts the panel)');
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  for (const name of readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!raw.includes(address)) continue;
    const match = /https?:\/\/[^/\s]+(\/reset-password\?token=[\w%-]+)/.exec(raw);
    if (match) return match[1];
  }
  return null;
}

test.describe('forgot password', () => {
  test('a customer asks for a reset mail, chooses a new password and logs in with it; old sessions end', async ({ page }) => {
    const user = await signUpFreshUser();
    const errors = collectConsoleErrors(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The router moves in a transition: the log-in page (its "Username or email" field too) stays
    // up until the next page's code has loaded, so wait for the page itself before typing.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();

    await expect.poll(() => resetLinkFor(user.email), { timeout: 15_000 }).not.toBeNull();
    const link = resetLinkFor(user.email)!;
    await page.goto(link);
    const newPassword = `New-${Date.now().toString(36)}-password`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    // The session from sign-up has ended.
    const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL });
    const current = await api.get('/api/v2/auth/current', { headers: { authorization: `Bearer ${user.token}` } });
    expect(current.status()).toBe(401);
    await api.dispose();

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();

    // The link was single-use: opened again, it says so at once (no form) and leads to a new one.
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(link);
    await expect(page.getByText('This link was already used or has expired.')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
