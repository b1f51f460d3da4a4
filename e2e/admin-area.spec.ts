import { expect, request, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiLogin, loginAsFreshUser, uniqueCredentials, useToken } from './helpers/accounts';
import { adminWithTwoFactor } from './helpers/adminSession';
import { chooseOption } from './helpers/select';

/** The row of the table that holds `text`. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('an admin with two-factor creates a user and a server, suspends it with a reason the customer sees, deletes it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await useToken(page, await adminWithTwoFactor());
  await page.goto('/');
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Database: Working')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'local' }).first()).toBeVisible();

  // A customer account, made in the Users page.
  const customer = uniqueCredentials('cust');
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  const userForm = page.getByRole('dialog');
  await userForm.getByLabel('Username').fill(customer.username);
  await userForm.getByLabel('Email').fill(customer.email);
  await userForm.getByLabel('Password (empty: the user sets one through a reset mail)').fill(customer.password);
  await userForm.getByRole('button', { name: 'Create user' }).click();
  await expect(row(page, customer.username)).toBeVisible();

  // A server for them, placed automatically.
  await page.getByRole('link', { name: 'Servers' }).click();
  await page.getByRole('button', { name: 'Create server' }).click();
  const serverForm = page.getByRole('dialog');
  await serverForm.getByLabel('Owner (username or email)').fill(customer.username);
  await serverForm.getByLabel('Name', { exact: true }).fill('Admin made world');
  await chooseOption(page, serverForm.getByLabel('Game template'), /flying/i);
  await chooseOption(page, serverForm.getByLabel('Plan'), /budget/i);
  await serverForm.getByRole('button', { name: 'Create server' }).click();
  const serverRow = row(page, 'Admin made world');
  await expect(serverRow).toBeVisible();
  const identifier = /\((\w{8})\)/.exec((await serverRow.getByRole('cell').first().innerText()) ?? '')![1];

  // Suspended with a reason.
  await serverRow.getByRole('button', { name: 'Suspend' }).click();
  const suspend = page.getByRole('dialog');
  await suspend.getByLabel('Reason the customer sees').fill('Unpaid invoice 42');
  await suspend.getByRole('button', { name: 'OK' }).click();
  await expect(serverRow.getByRole('button', { name: 'Unsuspend' })).toBeVisible();

  // The customer sees the reason and cannot start the server.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await useToken(customerPage, await apiLogin(customer));
  await customerPage.goto(`/server/${identifier}`);
  await expect(customerPage.getByText('This server is suspended')).toBeVisible();
  await expect(customerPage.getByText('Unpaid invoice 42')).toBeVisible();
  await customerPage.goto(`/server/${identifier}/console`);
  await expect(customerPage.getByRole('button', { name: 'Start' }).first()).toBeDisabled();
  await customerContext.close();

  // Deleted once its name is typed; the audit log shows each step.
  await serverRow.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog');
  await remove.getByLabel('Type the server’s name to confirm').fill('Admin made world');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(serverRow).toHaveCount(0);
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const event of ['Created a user', 'Created a server', 'Suspended a server', 'Deleted a server']) await expect(page.getByRole('cell', { name: event }).first()).toBeVisible();
});

test('a customer opening /admin gets the 403 page, and the admin API answers them 403', async ({ page }) => {
  const user = await loginAsFreshUser(page, '/admin');
  await expect(page.getByText('This area is for the panel’s administrators')).toBeVisible();
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${user.token}` } });
  expect((await api.get('/api/v2/admin/overview')).status()).toBe(403);
  await api.dispose();
});

test('an admin adds a social-login provider on the Social login page and the login page offers it at once, until it is turned off', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const token = await adminWithTwoFactor();
  // The settings' provider (e2e/run.mjs) tells the test provider's issuer and client.
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const listed = (await (await api.get('/api/v2/admin/oauth-providers')).json()) as { data: { id: string; client_id: string; issuer: string | null }[]; meta: { callback_url: string } };
  await api.dispose();
  const local = listed.data.find((provider) => provider.id === 'local')!;
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `Staff ID ${suffix}`;

  await useToken(page, token);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Social login' }).click();
  await expect(page.getByText(listed.meta.callback_url)).toBeVisible();
  await expect(row(page, 'Local ID')).toContainText('Panel settings');
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Id (in addresses: a-z, 0-9 and -)').fill(`staff-${suffix}`);
  await form.getByLabel('Name on the button (empty: the provider’s own name)').fill(name);
  await form.getByLabel('Client ID').fill(local.client_id);
  await form.getByLabel('Client secret').fill(`e2e-secret-${suffix}`);
  await form.getByLabel('Issuer (the discovery base URL)').fill(local.issuer!);
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(row(page, name)).toContainText('Admin area');

  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto('/login');
  await expect(login.getByRole('link', { name: `Log in with ${name}` })).toBeVisible();
  await row(page, name).getByRole('switch').click();
  await expect(row(page, name).getByRole('switch')).not.toBeChecked();
  await login.reload();
  await expect(login.getByRole('link', { name: 'Log in with Local ID' })).toBeVisible();
  await expect(login.getByRole('link', { name: `Log in with ${name}` })).toHaveCount(0);
  await visitor.close();
});

test('an admin imports an egg on the Game templates page (pasted, previewed, imported), creates and edits a plan on the Plans page, adds and removes a DNS zone', async ({ page }) => {
  test.setTimeout(60_000);
  const suffix = randomBytes(3).toString('hex');
  const egg = {
    meta: { version: 'PTDL_v2' },
    name: `Pasted Egg ${suffix}`,
    author: 'e2e@example.test',
    docker_images: { Alpine: 'ghcr.io/example/pasted:1' },
    startup: 'exec sh ./run.sh {{GREETING}}',
    config: { files: '{}', startup: JSON.stringify({ done: 'ready' }), stop: 'quit' },
    scripts: { installation: { container: 'ghcr.io/example/installer:alpine', entrypoint: 'sh', script: 'echo installed' } },
    variables: [{ name: 'Greeting', description: 'Said at start.', env_variable: 'GREETING', default_value: 'Hello', user_editable: true, rules: 'required|string|max:20' }],
  };
  // A plan of this test's own, so no other spec's plans change.
  const plan = { name: `E2E Plan ${suffix}`, slug: `e2e-plan-${suffix}` };
  await useToken(page, await adminWithTwoFactor());
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Game templates' }).click();
  await page.getByRole('button', { name: 'Import an egg' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Egg (JSON or YAML)').fill(JSON.stringify(egg, null, 2));
  await chooseOption(page, drawer.getByLabel('Game'), /^minecraft$/);
  await drawer.getByRole('button', { name: 'Preview' }).click();
  const preview = drawer.getByRole('region', { name: 'What the import makes' });
  await expect(preview.getByRole('heading', { name: `A new template: ${egg.name}` })).toBeVisible();
  await expect(preview.getByText('GREETING', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Import' }).click();
  await expect(drawer).toBeHidden();
  await expect(row(page, egg.name)).toContainText('minecraft');

  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'Create plan' }).click();
  const creation = page.getByRole('dialog');
  await creation.getByLabel('Name', { exact: true }).fill(plan.name);
  await creation.getByLabel('Short name (in addresses and the billing API)').fill(plan.slug);
  await chooseOption(page, creation.getByLabel('Game'), /^minecraft$/);
  await creation.getByLabel('Position in the list').fill('9999');
  await creation.getByLabel('Price per month').fill('5');
  await creation.getByRole('button', { name: 'Create plan' }).click();
  await expect(creation).toBeHidden();
  await expect(row(page, plan.slug)).toContainText('€5.00');

  await page.getByRole('button', { name: `Edit: ${plan.name}` }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Price per month').fill('7.25');
  await form.getByLabel('Memory (MiB)').fill('1536');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  // Stored in cents and shown back as the price typed.
  await expect(row(page, plan.slug)).toContainText('€7.25');
  await expect(row(page, plan.slug)).toContainText('1536 MiB');
  // Gone again, so the customers' order pages of later specs never offer it.
  await page.getByRole('button', { name: `Delete: ${plan.name}` }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row(page, plan.slug)).toHaveCount(0);

  // A DNS zone added at run time (written as typed, listed lower-cased), then removed again.
  const zone = `e2e-${suffix}.example.test`;
  await page.getByRole('link', { name: 'DNS zones' }).click();
  await page.getByLabel('New zone').fill(zone.toUpperCase());
  await page.getByRole('button', { name: 'Add zone' }).click();
  await expect(row(page, zone)).toBeVisible();
  await page.getByRole('button', { name: `Remove the zone ${zone}` }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row(page, zone)).toHaveCount(0);
});
