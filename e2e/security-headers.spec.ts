import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiStatus, collectConsoleErrors, loginAsDemo, serverStateTag } from './helpers';

/** The demo account's Minecraft server, created with the demo data. */
const SERVER_NAME = 'Survival with friends';

const areaLink = (page: Page, name: string): Locator => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name });

/**
 * Records every Content-Security-Policy violation of the page, whatever document it happens in:
 * the browser's securitypolicyviolation events, reported to the test, and its console lines.
 */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test.describe('security headers', () => {
  test('login, dashboard, console, files and config run under the CSP without a violation', async ({ page }) => {
    test.setTimeout(180_000);
    const violations = await recordCspViolations(page);
    const errors = collectConsoleErrors(page, [apiStatus(404, '/favicon.ico')]);

    const login = await page.goto('/login');
    const csp = login!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });

    await loginAsDemo(page, '/');
    const card = page.getByRole('article', { name: SERVER_NAME });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('link', { name: SERVER_NAME }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview', exact: true })).toBeVisible({ timeout: 30_000 });

    await areaLink(page, 'Console').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Console', exact: true })).toBeVisible({ timeout: 30_000 });
    // The console's websocket is open (its state badge comes over it).
    await expect(serverStateTag(page)).toBeVisible({ timeout: 60_000 });

    await areaLink(page, 'Files').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Files', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Files' }).first()).toBeVisible({ timeout: 30_000 });

    await areaLink(page, 'Configuration').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Configuration', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // A page loaded afresh (not a client-side change) gets the header too.
    const reload = await page.reload();
    expect(reload!.headers()['content-security-policy']).toBe(csp);
    await expect(page.getByRole('heading', { level: 2, name: 'Configuration', exact: true })).toBeVisible({ timeout: 30_000 });

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
