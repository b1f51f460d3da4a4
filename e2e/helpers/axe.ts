import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** WCAG 2.0–2.2 A and AA rules. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build, read once per test worker. */
let axeSource: string | null = null;

/**
 * axe-core's violations on the page as it is now, run in the page itself. axe is evaluated once
 * per document and stays for every screen the app then opens in place: @axe-core/playwright
 * evaluates its 600 KB source twice on every analysis, which was most of the time of a pass
 * over all screens.
 */
export async function axeViolations(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { ...runOptions, resultTypes: ['violations'] });
    return results.violations;
  }, options);
}
