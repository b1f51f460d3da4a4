import { spawnSync } from 'node:child_process';
import { expect, request, test } from '@playwright/test';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, signUpFreshUser } from './helpers';

/** Fabric's installer and server run on Java: without it the panel offers no such switch (the client tests cover that page). */
const hasJava = /version "/.test(`${spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr ?? ''}`);

test('software switch: from the embedded server’s modpacks page to Fabric, as a reinstall after a backup', async ({ page }) => {
  test.skip(!hasJava, 'This machine has no Java, so the panel offers no Java software to switch to.');
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  // e2e/run.mjs starts the panel on the recorded local catalogue, which serves the Fabric installer.
  const baseUrl = process.env.PANEL_BASE_URL!;
  const user = await signUpFreshUser();
  const id = await createServerFor(createAdminKey('software switch spec'), user.username, { name: 'Embedded', template: 'minecraft-flying-squid', plan: 'minecraft-budget' });
  const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { authorization: `Bearer ${user.token}` } });
  try {
    await expect.poll(async () => ((await (await api.get(`/api/v2/servers/${id}`)).json()) as { data: { status: string | null } }).data.status, { timeout: 60_000 }).not.toBe('installing');
  } finally {
    await api.dispose();
  }
  await page.goto(`${baseUrl}/api/languagelist`);
  await page.evaluate((value) => window.localStorage.setItem('access_token', value), user.token);

  // The modpacks page offers no search on the embedded server: it leads to the switch that fits.
  await page.goto(`${baseUrl}/server/${id}/modpacks`);
  await expect(page.getByText(/This server’s software cannot run modpacks/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search modpacks' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Switch to Fabric for modpacks' }).click();

  await expect(page).toHaveURL(new RegExp(`/server/${id}/minecraft/versions\\?software=fabric$`));
  await expect(page.getByText('This server runs flying-squid (embedded) 1.21.4.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search versions' }).fill('1.21.4');
  await page.getByRole('searchbox', { name: 'Search versions' }).press('Enter');
  await page.getByRole('button', { name: 'Switch to 1.21.4', exact: true }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm.getByText('Reinstall as Fabric 1.21.4?')).toBeVisible();
  await expect(confirm.getByText(/a backup of all its files is made first/)).toBeVisible();
  await expect(confirm.getByText(/Fabric cannot read it and makes a new world/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Back up and reinstall' }).click();
  await expect(page.getByText('The server now runs fabric 1.21.4.')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText('This server runs Fabric 1.21.4.')).toBeVisible({ timeout: 30_000 });

  // Now it takes modpacks, and the backup made before the switch is there to go back to.
  await page.goto(`${baseUrl}/server/${id}/modpacks`);
  await expect(page.getByRole('searchbox', { name: 'Search modpacks' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${baseUrl}/server/${id}/backups`);
  await expect(page.getByText('Before switching to Fabric 1.21.4')).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
