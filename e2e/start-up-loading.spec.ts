import { expect, test, type Page, type Request } from '@playwright/test';
import { collectConsoleErrors, loginAsDemo } from './helpers';

/*
 * What a page asks for as it opens: the page the server serves for an address preloads the route's
 * layout and page code (from the build's route-preloads.json), the entry asks for the translations
 * and the page's data at once;
 * the panel's own requests for them take those answers instead of asking a second time.
 */

/** Every request the page makes from now on, by address (path and query). */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const pathOf = (request: Request) => {
  const url = new URL(request.url());
  return `${url.pathname}${url.search}`;
};
const countOf = (requests: Request[], test: RegExp) => requests.filter((request) => test.test(pathOf(request))).length;
const preloaded = (page: Page) => page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

test.describe('start-up loading', () => {
  test('index.html runs only the entry before its first frame; the start-up code is preloaded, not run', async ({ page }) => {
    const html = (await (await page.goto('/login'))?.text()) ?? '';
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)].map((match) => match[1]?.replace(/\.[0-9a-f]+\.js$/, '.js'));
    // The entry alone (webpack's runtime and boot): nothing of React or i18next before the frame.
    expect(scripts).toEqual(['/assets/runtime.js', '/assets/boot.js']);
    expect(html).toMatch(/<link\b[^>]*rel=["']?preload[^>]*\/assets\/framework\.[0-9a-f]+\.js/);
    // The start-up code and the page's own are compiled as they load (V8's compile hint, their
    // first line); the entry, which runs before the first frame, is compiled as it runs.
    const startUp = [...html.matchAll(/<link\b[^>]*rel=["']?preload[^>]*href=["']?(\/assets\/(?:framework|main)\.[0-9a-f]+\.js)/g)].map((match) => match[1] ?? '');
    const loginPage = /\/assets\/page-login\.[0-9a-f]+\.js/.exec(html)?.[0] ?? '';
    expect(startUp).toHaveLength(2);
    const firstLine = async (path: string) => (await (await page.request.get(path)).text()).split('\n')[0];
    for (const path of [...startUp, loginPage]) expect(await firstLine(path)).toBe('//# allFunctionsCalledOnLoad');
    const entry = [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)].map((match) => match[1] ?? '');
    for (const path of entry) expect(await firstLine(path)).not.toContain('allFunctionsCalledOnLoad');
  });

  test('the log-in page’s code is preloaded from the first moment and fetched once', async ({ page }) => {
    const requests = recordRequests(page);
    const errors = collectConsoleErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    expect((await preloaded(page)).filter((href) => /\/assets\/page-login\.[0-9a-f]+\.js$/.test(href))).toHaveLength(1);
    expect(countOf(requests, /^\/assets\/page-login\.[0-9a-f]+\.js$/)).toBe(1);
    // The language list and the English dictionary: asked for early, taken by start-up, once each.
    expect(countOf(requests, /^\/api\/languagelist$/)).toBe(1);
    expect(countOf(requests, /^\/api\/language\?code=en&ns=translation$/)).toBe(1);
    // The branding comes with index.html.
    expect(countOf(requests, /^\/api\/v2\/panel\/branding$/)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a visitor without a token on a server page preloads the log-in page’s code too, and fetches it once', async ({ page }) => {
    const requests = recordRequests(page);
    const errors = collectConsoleErrors(page);
    await page.goto('/server/ab12cd34/console');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // The server marks a page for logged-in users; the page's own script adds the log-in page's code.
    await expect(page.locator('html')).toHaveAttribute('data-login-required', '');
    const links = await preloaded(page);
    for (const chunk of ['layout-server', 'page-console', 'page-login']) expect(links.filter((href) => new RegExp(`/assets/${chunk}\\.[0-9a-f]+\\.js$`).test(href))).toHaveLength(1);
    expect(countOf(requests, /^\/assets\/page-login\.[0-9a-f]+\.js$/)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a server’s console preloads its layout and page and asks once for the server, its socket ticket and the translations', async ({ page }) => {
    await loginAsDemo(page, '/');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const serverPath = new URL((await card.getByRole('link').first().getAttribute('href')) ?? '/', page.url()).pathname;
    const id = serverPath.split('/')[2] ?? '';

    const requests = recordRequests(page);
    const errors = collectConsoleErrors(page);
    await page.goto(`${serverPath}/console`);
    await expect(page.locator('[data-testid="console-terminal"] .xterm-rows')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    const links = await preloaded(page);
    for (const chunk of ['layout-server', 'page-console']) expect(links.filter((href) => new RegExp(`/assets/${chunk}\\.[0-9a-f]+\\.js$`).test(href))).toHaveLength(1);
    expect(countOf(requests, /^\/assets\/page-console\.[0-9a-f]+\.js$/)).toBe(1);
    expect(countOf(requests, new RegExp(`^/api/v2/servers/${id}$`))).toBe(1);
    expect(countOf(requests, new RegExp(`^/api/v2/servers/${id}/websocket$`))).toBe(1);
    expect(countOf(requests, /^\/api\/v2\/auth\/current$/)).toBe(1);
    expect(countOf(requests, /^\/api\/languagelist$/)).toBe(1);
    expect(errors).toEqual([]);
  });
});
