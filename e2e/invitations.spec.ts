import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { apiLogin, demoCredentials, signUpFreshUser, uniqueCredentials, useToken } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';

/** The invitation link (path and query) of the newest mail to `address` in the panel's outbox. */
function invitationLinkFor(address: string): string | null {
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
    const match = /https?:\/\/[^/\s]+(\/\?invitation=[\w%-]+)/.exec(raw);
    if (match) return match[1];
  }
  return null;
}

test.describe('an invitation by mail', () => {
  test('its landing page names the server and the inviter, keeps it until answered, and declining ends it', async ({ page }) => {
    // The demo owner invites an address that has no account yet.
    const invitee = uniqueCredentials('invitee');
    const owner = await apiLogin(demoCredentials());
    // Each call from its own cookie jar: a bearer-only client sends no XSRF cookie, so needs no header.
    const call = async <T>(method: 'get' | 'post', path: string, data?: object): Promise<{ status: number; body: T }> => {
      const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${owner}` } });
      try {
        const response = await api[method](path, data ? { data } : undefined);
        return { status: response.status(), body: (await response.json()) as T };
      } finally {
        await api.dispose();
      }
    };
    const servers = await call<{ data: { identifier: string; name: string }[] }>('get', '/api/v2/servers/');
    const server = servers.body.data.find((entry) => entry.name === SERVER_NAME)!;
    const shared = await call('post', `/api/v2/servers/${server.identifier}/users`, { email: invitee.email, permissions: ['websocket.connect'] });
    expect(shared.status).toBe(201);
    await expect.poll(() => invitationLinkFor(invitee.email), { timeout: 15_000 }).not.toBeNull();
    const link = invitationLinkFor(invitee.email)!;

    // They sign up, then open the mail's link.
    const account = await signUpFreshUser(invitee);
    await useToken(page, account.token);
    await page.goto(link);
    const card = page.getByRole('region', { name: `Invitation to ${SERVER_NAME}` });
    await expect(card).toContainText(`demo invited you to the server ${SERVER_NAME}`, { timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
    // The token leaves the address, and the invitation stays on the dashboard on a later visit.
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(card).toContainText(`demo invited you to the server ${SERVER_NAME}`, { timeout: 30_000 });

    await card.getByRole('button', { name: 'Decline' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your servers' })).toBeVisible({ timeout: 30_000 });
    await expect(card).toHaveCount(0);
  });
});
