import { expect, test, type Browser, type Page } from '@playwright/test';
import { serverAreaPaths } from '../src/features/server/serverAreaPaths';
import { signUpFreshUser, type SignedUpUser } from './helpers';
import { axeViolations, wcagTags } from './helpers/axe';
import { createAdminKey, createServerFor } from './helpers/adminApi';

/**
 * axe-core on every screen: the guest pages, the dashboard, the account page, every server area
 * the router knows (from the same list it is built from, so new areas are checked too) and the
 * support replay, in three themes (the budget theme in English, a premium one, and Arabic
 * right to left in a third), at 1440 px and on a 390 px phone, where nothing may be wider than
 * the screen. No serious or critical violation is allowed.
 */

/**
 * The rules whose outcome a theme can change. Themes differ only in colours and art (the same
 * font, sizes and spacing), so a screen's structure, names, roles and target sizes are the same in
 * every theme; the English pass checks them, and the Arabic pass again with other texts, language
 * and direction.
 */
const themeRules = ['color-contrast', 'link-in-text-block'];

interface Pass {
  name: string;
  /** The theme of pages outside servers (the theme preference) and of the server's pages. */
  theme: string;
  template: string;
  plan: string;
  locale: string;
  width: number;
  height: number;
  /**
   * Where axe runs: every screen, only the screens whose layout changes on a phone (the menu
   * becomes a drawer, tables become cards), or none (the overflow check alone costs next to nothing).
   * axe takes one to two seconds a screen, most of this test's time.
   */
  axe: 'every screen' | 'phone layouts' | false;
  /** Every WCAG A and AA rule, or only those a theme can change (a second theme in the same language). */
  rules: 'all' | 'theme';
}

const passes: Pass[] = [
  {
    name: 'budget theme, English, desktop',
    theme: 'minecraftDefault',
    template: 'minecraft-flying-squid',
    plan: 'minecraft-budget',
    locale: 'en',
    width: 1440,
    height: 900,
    axe: 'every screen',
    rules: 'all',
  },
  { name: 'premium theme, English, desktop', theme: 'terrariaPremium', template: 'terraria', plan: 'terraria-premium', locale: 'en', width: 1440, height: 900, axe: 'every screen', rules: 'theme' },
  { name: 'Arabic right to left, desktop', theme: 'arkPremium', template: 'ark', plan: 'ark-premium', locale: 'ar', width: 1440, height: 900, axe: 'every screen', rules: 'all' },
  // The same pages as the first pass; on a phone, axe looks again where the layout differs.
  {
    name: 'budget theme, English, phone',
    theme: 'minecraftDefault',
    template: 'minecraft-flying-squid',
    plan: 'minecraft-budget',
    locale: 'en',
    width: 390,
    height: 844,
    axe: 'phone layouts',
    rules: 'all',
  },
  // axe already sees Arabic at desktop width; on a phone, right to left is checked for overflow.
  { name: 'Arabic right to left, phone', theme: 'arkPremium', template: 'ark', plan: 'ark-premium', locale: 'ar', width: 390, height: 844, axe: false, rules: 'all' },
];

/** One account owns a server of each theme; made once for every pass. */
let owner: SignedUpUser;
const serverIds = new Map<string, string>();

test.beforeAll(async () => {
  test.setTimeout(60_000);
  owner = await signUpFreshUser();
  const key = createAdminKey('e2e accessibility');
  for (const pass of passes) {
    if (serverIds.has(pass.theme)) continue;
    serverIds.set(pass.theme, await createServerFor(key, owner.username, { name: `Access ${pass.theme}`, template: pass.template, plan: pass.plan }));
  }
});

/** Waits until the screen has rendered: no route or data still loading, and no animation half-way. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const main = document.getElementById('main-content');
        if (!main) return false;
        // The route's code or the session still loading, or a spinner over the page's data.
        const busy = document.querySelector('[role="status"][aria-busy="true"], [role="progressbar"][aria-busy="true"], .ant-spin-spinning');
        return !busy && main.querySelector('h1, h2, h3, form, table, ul, input') !== null;
      },
      null,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => undefined);
  await animationsDone(page);
}

/**
 * Waits until no finite animation or transition runs (a dialog fading in would be measured
 * half-transparent by the contrast rule) for three frames in a row: an animation may start a frame
 * after its class is set. Endless ones (spinners, the console cursor) never end and are not awaited.
 * Mostly a few frames, where a fixed pause cost every screen a quarter of a second.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 3_000;
    for (let quietFrames = 0; quietFrames < 3 && performance.now() < deadline;) {
      await frame();
      const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      quietFrames = moving ? 0 : quietFrames + 1;
    }
  });
}

/** Opens `path` inside the running app (one route load, no reload of the whole app). */
async function openInApp(page: Page, path: string): Promise<void> {
  const shownBefore = await mainText(page);
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path);
  // The router moves in a transition: the previous page stays up until the next one's code has
  // loaded, so the address alone does not say the new screen is there.
  await expect
    .poll(() => mainText(page), { timeout: 10_000 })
    .not.toBe(shownBefore)
    .catch(() => undefined);
  await settle(page);
}

/** The start of the main content's text, to tell one screen from the next. */
function mainText(page: Page): Promise<string> {
  return page.evaluate(() => document.getElementById('main-content')?.innerText.slice(0, 500) ?? '');
}

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Screens whose phone layout is its own: guest pages, the dashboard, the overview, console, files and the menu's drawer on each. */
const phoneLayoutScreens = /^\/(login|sign-up|account\/edit)?$|^\/server\/[^/]+(\/(console|files|players|backups))?$/;

/** axe's serious and critical violations on the current screen, plus horizontal overflow on phones. */
async function check(page: Page, screen: string, pass: Pass, findings: Finding[]): Promise<void> {
  const started = Date.now();
  // Only violations are collected: gathering every passing node doubles axe's time on big pages.
  const runAxe = pass.axe === 'every screen' || (pass.axe === 'phone layouts' && phoneLayoutScreens.test(screen));
  const runOnly = pass.rules === 'theme' ? ({ type: 'rule', values: themeRules } as const) : ({ type: 'tag', values: wcagTags } as const);
  const violations = runAxe ? await axeViolations(page, { runOnly }) : [];
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (runAxe) console.log(`${pass.name} ${screen}: ${serious.map((violation) => violation.id).join(', ') || 'clean'} (axe ${Date.now() - started} ms)`);
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      screen,
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`),
    });
  }
  if (pass.width < 1280) {
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    if (overflow.scroll > overflow.inner) {
      findings.push({ screen, rule: 'horizontal-overflow', impact: 'serious', help: `page is ${overflow.scroll} px wide on a ${overflow.inner} px screen`, nodes: [] });
    }
  }
}

/** A fresh browser context with the pass's screen size, language and theme preference. */
async function openContext(browser: Browser, pass: Pass) {
  const context = await browser.newContext({ baseURL: process.env.PANEL_BASE_URL, viewport: { width: pass.width, height: pass.height }, locale: pass.locale });
  await context.addInitScript(
    ({ locale, theme }) => {
      if (window.localStorage.getItem('locale') === null) window.localStorage.setItem('locale', locale);
      if (window.localStorage.getItem('persist:preferences') === null) {
        window.localStorage.setItem('persist:preferences', JSON.stringify({ theme: JSON.stringify({ name: theme }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
      }
    },
    { locale: pass.locale, theme: pass.theme },
  );
  return context;
}

for (const pass of passes) {
  test(`no serious or critical accessibility violations: ${pass.name}`, async ({ browser }) => {
    // About a minute on an idle machine; generous for a busy one.
    test.setTimeout(600_000);
    const context = await openContext(browser, pass);
    const findings: Finding[] = [];
    const screens: string[] = [];
    try {
      const page = await context.newPage();

      // Guest screens, logged out.
      await page.goto('/login');
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('dir', pass.locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-panel-theme', pass.theme);
      await check(page, '/login', pass, findings);
      screens.push('/login');
      await openInApp(page, '/sign-up');
      await check(page, '/sign-up', pass, findings);
      screens.push('/sign-up');
      await openInApp(page, '/support/replay');
      await check(page, '/support/replay', pass, findings);
      screens.push('/support/replay');

      // Logged in: one full load, then every screen inside the app.
      await page.evaluate((token) => window.localStorage.setItem('access_token', token), owner.token);
      await page.goto('/');
      await settle(page);
      await check(page, '/', pass, findings);
      screens.push('/');
      await openInApp(page, '/account/edit');
      await check(page, '/account/edit', pass, findings);
      screens.push('/account/edit');

      const id = serverIds.get(pass.theme)!;
      for (const area of serverAreaPaths) {
        const path = area.path ? `/server/${id}/${area.path}` : `/server/${id}`;
        await openInApp(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-panel-theme', pass.theme);
        await check(page, path, pass, findings);
        screens.push(path);
      }
    } finally {
      await context.close();
    }
    const summary = `${pass.name}: ${screens.length} screens, ${findings.length} serious or critical finding(s)`;
    console.log(summary);
    for (const finding of findings) console.log(`  ${finding.screen} ${finding.impact} ${finding.rule}: ${finding.help}\n    ${finding.nodes.join('\n    ')}`);
    expect(screens).toHaveLength(5 + serverAreaPaths.length);
    expect(findings, summary).toEqual([]);
  });
}
