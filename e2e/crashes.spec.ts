import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, loginAsFreshUser, serverStateTag } from './helpers';

/**
 * One call to the panel's API as the signed-up user: bearer token only, a fresh context per call
 * (a kept XSRF-TOKEN cookie would make the panel demand the matching header).
 */
async function call(token: string, method: 'GET' | 'POST', path: string, data?: object): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const response = await api.fetch(path, { method, ...(data ? { data } : {}) });
    return { status: response.status(), body: (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> } };
  } finally {
    await api.dispose();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

test('crashes: a game killed from outside shows on the overview with its console lines and is restarted, a schedule set to run on a crash runs; the customer turns restarts off', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const user = await loginAsFreshUser(page);
  const id = await createServerFor(createAdminKey('crashes spec'), user.username, { name: 'Crashing world', template: 'minecraft-flying-squid', plan: 'minecraft-budget' });
  const api = (method: 'GET' | 'POST', path: string, data?: object) => call(user.token, method, `/api/v2/servers/${id}${path}`, data);
  await until(
    async () => (await api('GET', '')).body.data?.status,
    (status) => status !== 'installing',
    'the install',
  );
  expect((await api('POST', '/power', { signal: 'start' })).status).toBeLessThan(300);
  const uuid = String((await api('GET', '')).body.data?.uuid);

  await page.goto(`/server/${id}`);
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
  await expect(page.getByText('No crashes recorded.')).toBeVisible({ timeout: 30_000 });
  // A schedule with no cron times that runs when the server crashes.
  const onCrash = {
    name: 'After a crash',
    minute: '0',
    hour: '0',
    day_of_month: '*',
    month: '*',
    day_of_week: '*',
    run_on_cron: false,
    trigger_event: 'crash',
    tasks: [{ action: 'command', payload: 'say back after a crash' }],
  };
  expect((await api('POST', '/schedules', onCrash)).status).toBe(201);

  // Killed from outside the panel, as the host's OOM killer or an admin's kill -9 would.
  const { pid } = JSON.parse(readFileSync(join(process.env.PANEL_DATA_DIR!, 'runtime', uuid, 'pid.json'), 'utf8')) as { pid: number };
  process.kill(pid, 'SIGKILL');

  const last = page.getByRole('region', { name: 'Last crash' });
  await expect(last.getByText('Killed by signal SIGKILL')).toBeVisible({ timeout: 30_000 });
  await expect(last.getByText('Restarted automatically (attempt 1 of 3)')).toBeVisible();
  await page.getByRole('button', { name: 'Crash history (1)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Crash history' });
  await drawer.getByText('Killed by signal SIGKILL').click();
  await expect(drawer.getByLabel(/^Console before the crash at/)).toContainText('The server stopped unexpectedly (signal SIGKILL).');
  await page.keyboard.press('Escape');
  // The panel starts it again by itself.
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });

  // The crash ran the schedule; its history says so.
  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Scheduled tasks' }).click();
  const onCrashRow = page.getByRole('row', { name: /After a crash/ }).first();
  await onCrashRow.getByRole('button', { name: 'History' }).click({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'History of After a crash' }).getByText('On event: The server crashed')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: 'Overview' }).click();

  // The customer turns automatic restarts off; it holds after a reload.
  const restartSwitch = page.getByRole('switch', { name: 'Restart after a crash' });
  await restartSwitch.click();
  await page.locator('form[name="crashPolicy"]').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Restart after a crash' })).not.toBeChecked({ timeout: 30_000 });
  expect((await api('GET', '/crash-policy')).body.data).toEqual({ enabled: false, max_restarts: 3, window_minutes: 10 });

  expect((await api('POST', '/power', { signal: 'kill' })).status).toBeLessThan(300);
  expect(errors).toEqual([]);
});
