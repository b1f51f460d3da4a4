import { expect, test, type Page } from '@playwright/test';
import { apiStatus, chooseOption, collectConsoleErrors, loginAsDemo, serverStateTag, signUpFreshUser, useToken } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';
const ROLE_NAME = 'Console operators';

/** The state badge of a server page. */

/** Opens an area of the current server through its navigation. */
async function openArea(page: Page, area: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: area, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: area, exact: true })).toBeVisible();
}

test.describe('sharing a server', () => {
  test('the owner shares with a custom role (console, not files); the invitee uses the console, is refused files, and both show in the audit log', async ({ page, browser }) => {
    test.setTimeout(300_000);
    // Logging in stores the token from a JSON page of the panel, for which Chromium asks /favicon.ico;
    // the invitee's refused file list is expected.
    const ownerErrors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    const invitee = await signUpFreshUser();

    // The owner opens the server and creates a role with the console but not the files.
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 1, name: SERVER_NAME })).toBeVisible();
    const serverPath = new URL(page.url()).pathname.replace(/\/$/, '');

    await openArea(page, 'Roles');
    await page.getByRole('button', { name: 'New role' }).click();
    const editor = page.getByRole('dialog', { name: 'New role' });
    await editor.getByLabel('Name', { exact: true }).fill(ROLE_NAME);
    await editor.getByRole('checkbox', { name: 'Open the live console socket (required to see output and stats in real time).' }).check();
    await editor.getByRole('checkbox', { name: 'Send commands to the server console.' }).check();
    await editor.getByRole('checkbox', { name: 'Start the server when it is stopped.' }).check();
    await editor.getByRole('button', { name: 'Save role' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: ROLE_NAME })).toBeVisible();

    // …and shares the server with the second account by email, with that role.
    await openArea(page, 'Sharing');
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite someone' });
    await invite.getByLabel('Email address').fill(invitee.email);
    await chooseOption(page, invite.getByLabel('Role', { exact: true }), ROLE_NAME);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite).toBeHidden();
    const share = page.getByRole('row').filter({ hasText: invitee.username });
    await expect(share).toContainText('Active');
    await expect(share).toContainText(ROLE_NAME);

    // The invitee sees the server on their dashboard and uses its console.
    const context = await browser.newContext();
    const other = await context.newPage();
    const inviteeErrors = collectConsoleErrors(other, [apiStatus(404, '/favicon.ico'), apiStatus(403, /\/api\/v2\/servers\/[^/]+\/files\//)]);
    try {
      await useToken(other, invitee.token);
      await other.goto('/');
      const shared = other.getByRole('article', { name: SERVER_NAME });
      await expect(shared).toBeVisible({ timeout: 30_000 });
      await shared.getByRole('link', { name: SERVER_NAME }).click();
      await openArea(other, 'Console');
      await expect(other.getByText('Connecting to the server…')).toBeHidden({ timeout: 30_000 });
      await expect(serverStateTag(other)).toHaveAttribute('data-state', /^(offline|running)$/, { timeout: 120_000 });
      if ((await serverStateTag(other).getAttribute('data-state')) === 'offline') {
        await other.getByRole('button', { name: 'Start', exact: true }).click();
      }
      await expect(serverStateTag(other)).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
      const command = other.getByRole('textbox', { name: 'Console command' });
      await expect(command).toBeEnabled();
      await command.fill('list');
      await command.press('Enter');
      await expect(other.locator('.xterm-rows')).toContainText(/There are 0 of a max of \d+ players online/, { timeout: 15_000 });

      // The navigation offers only what the role opens: no Files, no Sharing, no Roles.
      const inviteeNav = other.getByRole('navigation', { name: 'Server areas' });
      await expect(inviteeNav.getByRole('link', { name: 'Console', exact: true })).toBeVisible();
      for (const area of ['Files', 'Sharing', 'Roles']) await expect(inviteeNav.getByRole('link', { name: area, exact: true })).toHaveCount(0);

      // Files are not part of the role: opened by its address, a clear message instead of a list.
      await other.goto(`${serverPath}/files`);
      await expect(other.getByRole('heading', { level: 2, name: 'Files', exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(other.getByRole('alert').filter({ hasText: /You may not see the files of this server|You do not have permission/ })).toBeVisible({ timeout: 15_000 });
      await expect(other.getByRole('table', { name: 'Files' })).toHaveCount(0);
      expect(inviteeErrors).toEqual([]);
    } finally {
      await context.close();
    }

    // The owner's audit log shows what both accounts did.
    await page.goto(`${serverPath}/sharing-audit-log`);
    await expect(page.getByRole('heading', { level: 2, name: 'Audit log', exact: true })).toBeVisible();
    // Each entry reads as a sentence.
    const command = page.getByRole('row').filter({ hasText: `${invitee.username} sent the console command “list”.` });
    // What was recorded is folded away; no machine text beside the sentence.
    await expect(command.first().getByText('Raw data')).toBeVisible();
    await expect(command.first()).not.toContainText('command: list');
    const invited = page.getByRole('row').filter({ hasText: `demo invited ${invitee.email}.` });
    await expect(invited).toBeVisible();
    // The role is named, never shown as its uuid (which stays in the closed raw data).
    await expect(invited.locator('dl')).toContainText(ROLE_NAME);
    await expect(invited.locator('dl')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect(invited.locator('details pre')).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `demo created the role ${ROLE_NAME}.` })).toBeVisible();

    // Filtering by person leaves only that person's actions.
    await page.getByLabel('Person', { exact: true }).selectOption({ label: invitee.username });
    await expect(invited).toHaveCount(0);
    await expect(command.first()).toBeVisible();
    expect(ownerErrors).toEqual([]);
  });
});
