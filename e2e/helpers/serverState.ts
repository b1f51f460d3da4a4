import type { Locator, Page } from '@playwright/test';

/** The server's power state in its page's header (ServerStateTag): `data-state` is running, offline, starting, … */
export const SERVER_STATE_TAG = 'section .panel-state-tag[data-state]';

/** The server's state tag on the open server page. */
export const serverStateTag = (page: Page): Locator => page.locator(SERVER_STATE_TAG).first();
