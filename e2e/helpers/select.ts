import { expect, type Locator, type Page } from '@playwright/test';
import { motionSettled } from './motion';

/**
 * Picks the option showing `text` in the antd Select whose input is `select` (its combobox, found
 * by its label), and waits until the select shows it as its value. On a loaded machine a click on
 * an option of a list that is still opening can be lost (the list moves under the pointer, or the
 * click lands as the list closes), and the form is then sent without the value: the pick is tried
 * again until the select holds it. The options are found by their class: the list's accessible
 * options (role option) are only the first few.
 */
export async function chooseOption(page: Page, select: Locator, text: string | RegExp): Promise<void> {
  // The select's own element, around its input: where it shows the value it holds.
  const field = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await motionSettled(page);
    await page.locator('.ant-select-item-option').filter({ hasText: text, visible: true }).first().click({ timeout: 5_000 });
    await expect(field.locator('.ant-select-content')).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
