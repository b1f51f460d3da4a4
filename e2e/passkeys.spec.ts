import { expect, test } from '@playwright/test';
import { apiStatus, collectConsoleErrors, signUpFreshUser, useToken } from './helpers';

// Browsers accept no IP address as a passkey's RP ID: the panel on 127.0.0.1 is reached as
// localhost, the address it names its relying party after when PANEL_URL is not set.
test.use({ baseURL: process.env.PANEL_BASE_URL?.replace('//127.0.0.1:', '//localhost:') });

test('a passkey added on the account page logs in alone, without a username', async ({ page, context }) => {
  // The JSON address useToken opens first has no favicon.
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  // Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform authenticator that
  // keeps discoverable credentials and verifies its user.
  const devTools = await context.newCDPSession(page);
  await devTools.send('WebAuthn.enable');
  const { authenticatorId } = await devTools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const account = await signUpFreshUser();
  await useToken(page, account.token);
  await page.goto('/account/edit');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  await passkeys.getByLabel('Name').fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const added = passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Work laptop');
  await expect(added).toContainText('Not used yet');
  const { credentials } = await devTools.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();

  // The session is a passkey session of that account, and the passkey shows its use.
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const current = await page.request.get('/api/v2/auth/current', { headers: { authorization: `Bearer ${token}` } });
  expect((await current.json()).data.user).toMatchObject({ username: account.username, has_passkeys: true, passkey_session: true });
  await page.goto('/account/edit');
  await expect(passkeys.getByRole('listitem')).not.toContainText('Not used yet');
  const [used] = (await devTools.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(used.signCount).toBeGreaterThan(credentials[0].signCount);
  expect(errors).toEqual([]);
});
