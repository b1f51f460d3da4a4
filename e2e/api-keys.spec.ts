import { expect, request, test } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo } from './helpers';

test.describe('client API keys', () => {
  test('a customer creates a key on the account page, a script lists servers with it, and after revoking it the key is refused', async ({ page }) => {
    test.setTimeout(90_000);
    // The reload asks for a favicon the panel does not serve.
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    await loginAsDemo(page, '/account/edit');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    const description = `Status bot ${Date.now().toString(36)}`;
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const token = (await shown.getByTestId('new-api-key').innerText()).trim();
    expect(token).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(token)).toHaveCount(0);

    // A script of the customer's: its own HTTP client, no cookies, only the key.
    const script = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    try {
      const servers = await script.get('/api/v2/servers');
      expect(servers.status()).toBe(200);
      expect(((await servers.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

      // The use shows on the page, then the key is revoked after a confirmation.
      await page.reload();
      const item = section.getByRole('listitem').filter({ hasText: description });
      await expect(item).toContainText('Last used');
      await item.getByRole('button', { name: `Revoke the API key ${description}` }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
      await expect(item).toHaveCount(0);

      const refused = await script.get('/api/v2/servers');
      expect(refused.status()).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe('This API key has been revoked.');
    } finally {
      await script.dispose();
    }
    expect(errors).toEqual([]);
  });
});
