import { expect, request, test } from '@playwright/test';
import { makeArtefacts } from '../server/src/games/catalogue/offline/artefacts';
import { buildMrpack, testModFiles } from '../server/src/games/catalogue/offline/modpackArtefacts';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, motionSettled, signUpFreshUser } from './helpers';

test('modpacks: install a small .mrpack from the server’s files; its mods, overrides and the Fabric loader are in place', async ({ page }) => {
  test.setTimeout(180_000);
  const began = Date.now();
  const mark = (what: string) => console.log(`${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  // e2e/run.mjs starts the panel on the recorded local catalogue, which serves the mods and the Fabric installer.
  const baseUrl = process.env.PANEL_BASE_URL!;
  const artefacts = await makeArtefacts();
  const user = await signUpFreshUser();
  const id = await createServerFor(createAdminKey('modpacks spec'), user.username, { name: 'Modded', template: 'minecraft-java', plan: 'minecraft-budget' });
  // The real pack, built now from the mods the local catalogue serves (the same bytes, so the same hashes).
  const pack = await buildMrpack({
    name: 'E2E pack',
    versionId: '2.0.0',
    dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.10' },
    files: testModFiles(new Map(artefacts.map((a) => [a.name, a])), 5),
    entries: { 'overrides/config/e2e-pack.txt': 'from the pack\n' },
  });
  // The Java template's own install fetches Mojang's jar; once it has ended either way, the pack goes into the server's files.
  const upload = (async () => {
    const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { authorization: `Bearer ${user.token}` } });
    try {
      await expect.poll(async () => ((await (await api.get(`/api/v2/servers/${id}`)).json()) as { data: { status: string | null } }).data.status, { timeout: 60_000 }).not.toBe('installing');
      mark('server installed');
      // A fresh context: the XSRF-TOKEN cookie the reads left would make the panel ask for its header.
      const uploader = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { authorization: `Bearer ${user.token}` } });
      const res = await uploader.post(`/api/v2/servers/${id}/files/upload?directory=%2F`, { multipart: { files: { name: 'e2e-pack.mrpack', mimeType: 'application/zip', buffer: pack } } });
      expect(res.status()).toBeLessThan(300);
      await uploader.dispose();
    } finally {
      await api.dispose();
    }
  })();
  await page.goto(`${baseUrl}/api/languagelist`);
  await page.evaluate((value) => window.localStorage.setItem('access_token', value), user.token);
  await page.goto(`${baseUrl}/server/${id}/modpacks`);
  await upload;
  mark('pack uploaded');
  await expect(page.getByText('No modpack is installed on this server.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Fabulously Optimized').first()).toBeVisible();
  await page.getByLabel('Path of the .mrpack file').fill('/e2e-pack.mrpack');
  await page.getByRole('button', { name: 'Install', exact: true }).last().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Keep the world')).toBeVisible();
  // A click while the dialog still opens can miss its button on a loaded machine.
  await motionSettled(page);
  await dialog.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(page.getByText('The server now runs fabric 1.21.4.')).toBeVisible({ timeout: 60_000 });
  mark('pack installed');
  const installed = page.locator('.panel-card').filter({ hasText: 'Installed modpack' });
  await expect(installed.getByText('E2E pack')).toBeVisible();
  await expect(installed.getByText('2.0.0')).toBeVisible();
  await expect(installed.getByText('fabric 0.16.10')).toBeVisible();

  // A fresh load of the file manager (its listing of the root was read before the install).
  await page.goto(`${baseUrl}/server/${id}/files`);
  await expect(page.locator('[data-file-name="fabric-server-launch.jar"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-file-name="mods"]').click();
  for (const n of ['01', '02', '03', '04', '05']) await expect(page.locator(`[data-file-name="testmod${n}.jar"]`)).toBeVisible();
  mark('files seen');
  expect(errors).toEqual([]);
});
