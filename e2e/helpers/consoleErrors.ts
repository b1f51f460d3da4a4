import type { ConsoleMessage, Page } from '@playwright/test';

/** Decides whether a console error is expected (and so not recorded). */
export type ConsoleErrorFilter = (text: string, url: string) => boolean;

/**
 * The one error Chromium logs on every anonymous visit: the web app asks for the current
 * user at the first navigation and the API answers 401, which the app ignores on purpose.
 */
export const anonymousSessionProbe: ConsoleErrorFilter = (text, url) => /status of 401/.test(text) && /\/api\/v2\/auth\/current(\?|$)/.test(url);

/** Chromium's "Failed to load resource: … status of 4xx" for an API call a test provokes, e.g. a 422. */
export const apiStatus =
  (status: number, path: string | RegExp): ConsoleErrorFilter =>
  (text, url) =>
    text.includes(`status of ${status}`) && (typeof path === 'string' ? new URL(url).pathname === path : path.test(url));

function sourceUrl(message: ConsoleMessage): string {
  return message.location().url ?? '';
}

/**
 * Starts recording what goes wrong in the page: console messages of type `error`, uncaught
 * exceptions and failed requests for the page's own documents, scripts and styles. Call it
 * before `page.goto`; the returned array fills as the page runs, so assert at the end:
 * `expect(errors).toEqual([])`. `expected` lists errors a test provokes on purpose.
 */
export function collectConsoleErrors(page: Page, expected: ConsoleErrorFilter[] = []): string[] {
  const filters = [anonymousSessionProbe, ...expected];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = sourceUrl(message);
    if (filters.some((filter) => filter(message.text(), url))) return;
    errors.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    // net::ERR_ABORTED is the browser dropping a request because the page moved on (a lazy chunk
    // still loading when the test navigates); a chunk the server fails to give fails otherwise.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (['script', 'stylesheet', 'document'].includes(request.resourceType())) {
      errors.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`);
    }
  });
  return errors;
}
