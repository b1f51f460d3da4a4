import { createHmac } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../__tests__/server/helpers/webhookReceiver';
import { apiStatus, collectConsoleErrors, loginAsDemo } from './helpers';

/** The demo account's Minecraft server. */
const SERVER_NAME = 'Survival with friends';

const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

test.describe('webhooks', () => {
  let receiver: WebhookReceiver;
  test.beforeAll(async () => {
    // A real receiver on loopback, which the panel started by e2e/run.mjs allows (PANEL_WEBHOOK_ALLOW_HOSTS).
    receiver = await startWebhookReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test('a JSON webhook added on the page receives a signed test, and the delivery shows in its log', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);
    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await areaLink(page, 'Webhooks').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks', exact: true })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByLabel('Name').fill('E2E receiver');
    await dialog.getByLabel('JSON (signed)').check();
    await dialog.getByLabel('Address (URL)').fill(receiver.url);
    await dialog.getByLabel('Backup finished').check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toBeHidden();

    const secretAlert = page.getByRole('alert').filter({ hasText: 'Signing secret of E2E receiver' });
    await expect(secretAlert).toBeVisible();
    const secret = (await secretAlert.locator('code').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);

    const row = page.getByRole('region', { name: 'Webhook E2E receiver' });
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText(/The test reached E2E receiver \(answer 200\)/)).toBeVisible({ timeout: 30_000 });

    // The receiver got the test, signed with the secret the page showed once.
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const timestamp = String(request.headers['x-panel-timestamp']);
    expect(request.headers['x-panel-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`);
    expect(JSON.parse(request.body)).toMatchObject({ event: 'webhook.test', server: { name: SERVER_NAME } });

    await row.getByRole('button', { name: 'Show delivery log' }).click();
    const log = page.getByRole('table', { name: 'Deliveries of E2E receiver' });
    await expect(log.getByText('Delivered')).toBeVisible();
    await expect(log.getByText('200', { exact: true })).toBeVisible();

    // Clean up: delete with confirmation.
    await row.getByRole('button', { name: 'Delete E2E receiver' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(row).toBeHidden();
    expect(errors).toEqual([]);
  });
});
