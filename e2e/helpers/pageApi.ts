import type { Page } from '@playwright/test';

/** Calls the panel API as the logged-in page does: its stored bearer token, and the XSRF cookie echoed (the page's fetch carries the cookie). */
export async function pageApi(page: Page, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('access_token');
      const xsrf =
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '';
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/plain', 'x-xsrf-token': decodeURIComponent(xsrf) };
      const res = await fetch(`/api/v2/${path}`, { method, body, headers });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
}
