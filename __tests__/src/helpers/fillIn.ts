import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts text into a field the way pasting does: focus, then one input event. Typing character by
 * character re-renders antd's form once per key, which makes jsdom tests crawl.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}
