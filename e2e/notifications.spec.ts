import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, loginAsFreshUser, serverStateTag } from './helpers';

/** One call to the panel's API as the signed-up user (bearer only, a fresh context per call). */
async function call(token: string, method: 'GET' | 'POST', path: string, data?: object): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const response = await api.fetch(path, { method, ...(data ? { data } : {}) });
    return { status: response.status(), body: (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> } };
  } finally {
    await api.dispose();
  }
}

/** The decoded text (subject and body) of every mail to `address` in the panel's outbox. */
function mailsTo(address: string): string[] {
  const outbox = join(process.env.PANEL_DATA_DIR!, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((raw) => raw.includes(address))
    .map((raw) => {
      // Quoted-printable bytes are UTF-8; encoded-word subjects are decoded the same way.
      const latin1 = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(latin1, 'latin1').toString('utf8');
    });
}

test('notifications: a customer keeps mail on for crashes, the game is killed, and the bell, the list and the mailbox tell of it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const user = await loginAsFreshUser(page);
  const id = await createServerFor(createAdminKey('notifications spec'), user.username, { name: 'Told world', template: 'minecraft-flying-squid', plan: 'minecraft-budget' });
  const api = (method: 'GET' | 'POST', path: string, data?: object) => call(user.token, method, `/api/v2/servers/${id}${path}`, data);

  // While the server installs, the customer turns mail for crashes off and on again on its Notifications page; the panel keeps each choice.
  const crashChoice = async () => ((await api('GET', '/notifications')).body.data?.events as Array<{ event: string; mail: boolean }>).find((choice) => choice.event === 'server.crashed');
  await page.goto(`/server/${id}/notifications`);
  const crashMail = page.getByRole('switch', { name: 'Server crashed: by mail' });
  await expect(crashMail).toBeChecked({ timeout: 30_000 });
  for (const mail of [false, true]) {
    await crashMail.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await crashChoice()).toEqual({ event: 'server.crashed', panel: true, mail });
  }
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The server installed meanwhile.
  await expect.poll(async () => (await api('GET', '')).body.data?.status, { timeout: 60_000 }).not.toBe('installing');
  expect((await api('POST', '/power', { signal: 'start' })).status).toBeLessThan(300);
  const uuid = String((await api('GET', '')).body.data?.uuid);
  await page.goto(`/server/${id}`);
  await expect(serverStateTag(page)).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
  // Killed from outside the panel, as an admin's kill -9 would.
  const { pid } = JSON.parse(readFileSync(join(process.env.PANEL_DATA_DIR!, 'runtime', uuid, 'pid.json'), 'utf8')) as { pid: number };
  process.kill(pid, 'SIGKILL');
  await expect(page.getByRole('region', { name: 'Last crash' }).getByText('Killed by signal SIGKILL')).toBeVisible({ timeout: 30_000 });

  // The bell counts it (asked again on the next page load) and its list says it.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByRole('button', { name: 'Notifications, 1 unread' })
          .waitFor({ timeout: 10_000 })
          .then(
            () => true,
            () => false,
          );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByText('Told world crashed.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The mail, with the link to the server's page.
  await expect.poll(() => mailsTo(user.email).find((mail) => mail.includes('Told world crashed.')) ?? '', { timeout: 30_000 }).toContain(`/server/${id}`);

  expect((await api('POST', '/power', { signal: 'kill' })).status).toBeLessThan(300);
  expect(errors).toEqual([]);
});
