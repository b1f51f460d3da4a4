import { expect, request, test, type Page } from '@playwright/test';
import { BillingStandIn } from '../__tests__/server/routes/plans/billingStandIn';
import { apiLogin, loginAsFreshUser, signUpFreshUser, uniqueCredentials, useToken } from './helpers/accounts';
import { adminPost, createAdminKey } from './helpers/adminApi';
import { freshTotpCode } from './helpers/totp';

interface Panel {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** PATCH /admin/settings with an admin key (a fresh request context: no cookies, no XSRF). */
async function patchSettings(key: string, data: object): Promise<number> {
  const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  try {
    return (await api.patch('/api/v2/admin/settings', { data })).status();
  } finally {
    await api.dispose();
  }
}

/** A root admin with two-factor turned on (the admin area needs it); answers a session token. */
async function adminWithTwoFactor(key: string): Promise<string> {
  const credentials = uniqueCredentials('host');
  expect((await adminPost(key, '/users', { ...credentials, root_admin: true })).status).toBe(201);
  const token = await apiLogin(credentials);
  // One request context per call: a kept XSRF-TOKEN cookie would make the panel ask for its header.
  const call = async (method: 'get' | 'post', path: string, data?: object) => {
    const api = await request.newContext({ baseURL: process.env.PANEL_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    try {
      const response = await api[method](path, data ? { data } : {});
      return { status: response.status(), body: (await response.json()) as { data: { secret: string } } };
    } finally {
      await api.dispose();
    }
  };
  const { code } = await freshTotpCode((await call('get', '/api/v2/account/two-factor')).body.data.secret);
  expect((await call('post', '/api/v2/account/two-factor', { code, password: credentials.password })).status).toBe(200);
  return token;
}

/** Fills the order form for a flying-squid Minecraft server named `name`. */
async function fillOrder(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Order a server' })).toBeVisible({ timeout: 30_000 });
  await page.getByText('Minecraft', { exact: true }).click();
  const edition = page.getByLabel('Edition');
  if (await edition.count()) {
    await edition.click();
    await page.getByTitle('Minecraft (flying-squid)').click();
  }
  await page.getByRole('radio', { name: /Minecraft Budget/ }).check();
  await expect(page.locator('[data-theme-preview="minecraftDefault"]')).toBeVisible();
  await page.getByLabel('Server name').fill(name);
}

test('orders: a customer orders a server that installs then runs; with ordering turned off in Settings the page says so', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const key = createAdminKey('orders spec');
  await loginAsFreshUser(page, '/');
  await page.getByRole('link', { name: /Order a server/ }).click();
  await fillOrder(page, 'Ordered world');
  await page.getByRole('button', { name: 'Order the server' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A fresh customer's only server: its card shows it installing, then running (started once installed).
  await expect(page.getByText('Ordered world')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Installing').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Running').first()).toBeVisible({ timeout: 90_000 });

  const admin = await browser.newPage();
  try {
    await useToken(admin, await adminWithTwoFactor(key));
    await admin.goto('/admin/settings');
    await admin.getByRole('switch', { name: 'Customers may order servers' }).click();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByText('Saved. Every panel process uses the new settings now.')).toBeVisible();
    await page.goto('/order');
    await expect(page.getByText('Ordering is turned off on this panel for now. Ask the host for a server.')).toBeVisible();
  } finally {
    expect(await patchSettings(key, { ordering_enabled: true })).toBe(200);
    await admin.close();
  }
});

test('orders: with an external billing system the customer pays at its checkout and the webhook creates the server', async ({ page }) => {
  test.setTimeout(150_000);
  const secret = `e2e-orders-${Date.now()}-secret`;
  const standIn = new BillingStandIn(secret);
  const checkoutUrl = await standIn.start();
  const { startPanel } = (await import('../scripts/lib/panelProcess.mjs' as string)) as { startPanel: (options: { env: Record<string, string> }) => Promise<Panel> };
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'false', PANEL_BILLING_PROVIDER: 'external', PANEL_BILLING_URL: checkoutUrl, PANEL_BILLING_SECRET: secret } });
  const saved = { base: process.env.PANEL_BASE_URL, dir: process.env.PANEL_DATA_DIR };
  try {
    standIn.webhookUrl = `${panel.baseUrl}/api/v2/billing/webhook`;
    process.env.PANEL_BASE_URL = panel.baseUrl;
    process.env.PANEL_DATA_DIR = panel.dataDir;
    const user = await signUpFreshUser();
    await page.goto(`${panel.baseUrl}/api/languagelist`);
    await page.evaluate((value) => window.localStorage.setItem('access_token', value), user.token);
    await page.goto(`${panel.baseUrl}/order`);
    await fillOrder(page, 'Paid world');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pay for minecraft-budget' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`^${panel.baseUrl}/$`), { timeout: 30_000 });
    expect(standIn.deliveries.at(-1)?.status).toBe(200);
    await expect(page.getByText('Paid world')).toBeVisible({ timeout: 30_000 });
  } finally {
    process.env.PANEL_BASE_URL = saved.base;
    process.env.PANEL_DATA_DIR = saved.dir;
    await panel.stop();
    await standIn.stop();
  }
});
