import { fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { env } from '../env';
import { getStoredToken } from './accessToken';
import { panelFetch } from './earlyRequests';
import { XSRF_HEADER, readXsrfToken } from './xsrfToken';

/** Where every panel API call goes: `/api/v2` on the configured panel host. */
export const apiBaseUrl = `${env.panelApiHost}/api/v2`;

/** Whether a request of the base query changes something (any method but GET and HEAD). */
function changesState(arg: string | FetchArgs): boolean {
  const method = (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * The panel API's base query: cookies included, JSON by default, the stored access token as a
 * bearer credential and, on requests that change something, the XSRF cookie echoed in its header.
 * No timeout; 200–299 is success. A request the entry already sent for the opened page takes that
 * answer (see earlyRequests.ts).
 */
const networkBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  fetchFn: panelFetch,
  credentials: 'include',
  prepareHeaders(headers, { arg }) {
    headers.set('Accept', 'application/json');
    const token = getStoredToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // The API asks for the XSRF header on requests that change something only. Reading the cookie
    // is a synchronous call to the browser's cookie store: not made for every page's reads.
    if (changesState(arg)) {
      const xsrf = readXsrfToken();
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    return headers;
  },
  validateStatus: (response) => response.status >= 200 && response.status <= 299,
});

/** True for stores that must not reach the network (replaying a recorded log passes `{ network: false }`). */
function isOffline(extra: unknown): boolean {
  return (extra as { network?: unknown } | undefined)?.network === false;
}

/**
 * {@link networkBaseQuery}, except in replay stores, where every request is refused without
 * touching the network: replayed screens show the recorded data only.
 */
export const baseQuery: typeof networkBaseQuery = (args, api, extraOptions) =>
  isOffline(api.extra) ? { error: { status: 'CUSTOM_ERROR', error: 'Requests are disabled while replaying a recorded session.' } } : networkBaseQuery(args, api, extraOptions);
