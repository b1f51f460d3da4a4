import { expect, test, type Page } from '@playwright/test';
import { BillingStandIn } from '../__tests__/server/routes/plans/billingStandIn';
import { createAdminKey, createServerFor } from './helpers/adminApi';
import { apiStatus, collectConsoleErrors, loginAsFreshUser, signUpFreshUser } from './helpers';

interface Panel {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A second panel of our own, started like the test runner starts one (scripts/lib/panelProcess.mjs). */
async function startOwnPanel(env: Record<string, string>): Promise<Panel> {
  const { startPanel } = (await import('../scripts/lib/panelProcess.mjs' as string)) as { startPanel: (options: { env: Record<string, string> }) => Promise<Panel> };
  return startPanel({ env });
}

const areas = (page: Page) => page.getByRole('navigation', { name: 'Server areas' });

test('plans: the quiz recommends a plan, the upgrade applies it at once, the overview and theme follow', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
  const user = await loginAsFreshUser(page);
  const id = await createServerFor(createAdminKey('plans spec'), user.username, { name: 'Plans', template: 'minecraft-flying-squid', plan: 'minecraft-budget' });
  await page.goto(`/server/${id}/upgrade-quiz`);
  await expect(page.locator('html')).toHaveAttribute('data-panel-theme', 'minecraftDefault', { timeout: 30_000 });
  await page.getByLabel('How many players at once?').fill('20');
  await page.getByLabel('A modpack').check();
  await page.getByLabel('Medium').first().check();
  await page.getByRole('button', { name: 'Recommend a plan' }).click();
  const recommendation = page.getByRole('region', { name: 'Recommendation' });
  await expect(recommendation.getByRole('heading', { name: 'We recommend Minecraft Premium XL' })).toBeVisible();
  await recommendation.getByRole('button', { name: 'Choose this plan' }).click();

  await expect(page).toHaveURL(new RegExp(`/server/${id}/upgrade\\?plan=minecraft-premium-xl$`));
  await page.getByRole('button', { name: 'Choose Minecraft Premium XL' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm the change' });
  await expect(confirm).toContainText('Change to Minecraft Premium XL');
  await confirm.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(page.getByText('Your server is now on Minecraft Premium XL.')).toBeVisible();
  // The tier changed: the server's pages wear Minecraft's premium theme now.
  await expect(page.locator('html')).toHaveAttribute('data-panel-theme', 'minecraftPremium');

  await areas(page).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByText('Plan: Minecraft Premium XL')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('400 % of a core')).toBeVisible();
  expect(errors).toEqual([]);
});

test('plans: an external billing system takes the order, its webhook applies the plan', async ({ page }) => {
  test.setTimeout(180_000);
  const secret = `e2e-billing-${Date.now()}-secret`;
  const standIn = new BillingStandIn(secret);
  const checkoutUrl = await standIn.start();
  const panel = await startOwnPanel({ PANEL_DEMO_DATA: 'false', PANEL_BILLING_PROVIDER: 'external', PANEL_BILLING_URL: checkoutUrl, PANEL_BILLING_SECRET: secret });
  const saved = { base: process.env.PANEL_BASE_URL, dir: process.env.PANEL_DATA_DIR };
  try {
    standIn.webhookUrl = `${panel.baseUrl}/api/v2/billing/webhook`;
    process.env.PANEL_BASE_URL = panel.baseUrl;
    process.env.PANEL_DATA_DIR = panel.dataDir;
    const user = await signUpFreshUser();
    const id = await createServerFor(createAdminKey('plans spec, external'), user.username, { name: 'Billed', template: 'minecraft-flying-squid', plan: 'minecraft-budget' });
    await page.goto(`${panel.baseUrl}/api/languagelist`);
    await page.evaluate((value) => window.localStorage.setItem('access_token', value), user.token);
    await page.goto(`${panel.baseUrl}/server/${id}/upgrade`);
    await page.getByRole('button', { name: 'Choose Minecraft Premium', exact: true }).click();
    await page.getByRole('region', { name: 'Confirm the change' }).getByRole('button', { name: 'Continue to payment' }).click();
    // The stand-in checked the signed redirect and shows its checkout; paying sends the signed webhook.
    await expect(page.getByRole('heading', { name: 'Pay for minecraft-premium' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`/server/${id}/upgrade$`), { timeout: 30_000 });
    expect(standIn.deliveries.at(-1)?.status).toBe(200);
    await expect(page.locator('[data-plan="minecraft-premium"]').getByText('Current plan')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-panel-theme', 'minecraftPremium');
  } finally {
    process.env.PANEL_BASE_URL = saved.base;
    process.env.PANEL_DATA_DIR = saved.dir;
    await panel.stop();
    await standIn.stop();
  }
});
