import type { Page } from '@playwright/test';

/**
 * Waits for the page's running animations that end (antd's dialog and popover openings; not a
 * spinner's endless turn). A click that lands while an opening dialog or pop-up still moves can
 * miss its button on a loaded machine: Playwright sees a box that has stopped growing between two
 * frames before the motion has ended.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
