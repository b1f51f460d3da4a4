import { expect, request, test, type Page } from '@playwright/test';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { axeViolations, wcagTags } from './helpers/axe';
import { apiStatus, collectConsoleErrors, loginAsFreshUser } from './helpers';

/**
 * One call to the panel's API as the signed-up user: bearer token only, a fresh context per call
 * (a kept XSRF-TOKEN cookie would make the panel demand the matching header).
 */
async function call(token: string, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object): Promise<{ status: number; body: { data?: Record<string, unknown> | null } }> {
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const response = await api.fetch(path, { method, ...(data ? { data } : {}) });
    return { status: response.status(), body: (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> | null } };
  } finally {
    await api.dispose();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** axe's serious and critical findings on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { runOnly: { type: 'tag', values: wcagTags } });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
}

test('extensions: search a plugin, install it with its dependency, see both recognised, update one, remove one', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const user = await loginAsFreshUser(page);
  const id = await createServerFor(createAdminKey('extensions spec'), user.username, { name: 'Plugins', template: 'minecraft-java', plan: 'minecraft-budget' });
  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) => call(user.token, method, `/api/v2/servers/${id}${path}`, data);
  {
    // A Paper server: the versions switch installs Paper 1.21.4 from the (local) catalogue.
    await until(
      async () => (await api('GET', '')).body.data?.status,
      (s) => s !== 'installing',
      'the install',
      60_000,
    );
    expect((await api('POST', '/versions/switch', { software: 'paper', version: '1.21.4' })).status).toBe(202);
    await until(
      async () => (await api('GET', '/versions/job')).body.data?.state,
      (s) => s !== 'running',
      'the switch to Paper',
    );

    await page.goto(`/server/${id}/extensions`);
    await expect(page.getByText('This server runs Paper 1.21.4: plugins go into plugins/.')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search plugins' }).fill('chunkyborder');
    // Its project page: the description and the versions that fit this server.
    await page.getByRole('button', { name: 'Details of ChunkyBorder' }).click();
    const details = page.getByRole('dialog', { name: 'ChunkyBorder' });
    await expect(details.getByRole('heading', { name: 'Versions for this server' })).toBeVisible();
    await expect(details.getByText('1.2.23')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Install ChunkyBorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install ChunkyBorder?' });
    await expect(dialog).toContainText('Chunky 1.4.36');
    await dialog.getByRole('button', { name: 'Install with its dependencies' }).click();
    const installed = page.getByRole('table');
    const row = (name: string) => installed.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    // The list is read again after the install: each file hashed and looked up in the catalogue.
    await expect(row('ChunkyBorder')).toContainText('Recognised', { timeout: 30_000 });
    await expect(row('Chunky')).toContainText('1.4.36');
    await expect(row('Chunky')).toContainText('Recognised');

    // The Paper view passes axe, and on a phone its lists become cards without sideways scrolling.
    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('ChunkyBorder', { exact: true }).first()).toBeVisible();
    // The switch to cards follows the resize a render later: polled, not read once.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // An older Chunky in its place: the list offers the update, one click installs it.
    expect((await api('DELETE', '/extensions/installed/Chunky-Bukkit-1.4.36.jar')).status).toBe(204);
    expect((await api('POST', '/extensions/install', { provider: 'modrinth', project: 'chunky', version: 'dPliWter' })).status).toBe(200);
    await page.reload();
    await expect(row('Chunky')).toContainText('Update available: 1.4.36', { timeout: 30_000 });
    await row('Chunky').getByRole('button', { name: 'Update' }).click();
    await expect(row('Chunky')).toContainText('1.4.36');
    await expect(row('Chunky')).not.toContainText('Update available');

    await row('ChunkyBorder').getByRole('button', { name: 'Remove ChunkyBorder' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
    await expect(row('ChunkyBorder')).toHaveCount(0);
    await expect(row('Chunky')).toHaveCount(1);
  }
  expect(errors).toEqual([]);
});
