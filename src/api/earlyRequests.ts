import { env } from '../env';
import { DEFAULT_LOCALE } from '../i18n/languages';
import { languageListUrl, translationLoadPath } from '../i18n/translationUrls';
import { getStoredToken } from './accessToken';

/*
 * The API requests of the opened page (and the translation service's, see
 * startEarlyTranslationRequests), sent by the entry before the panel's code is evaluated.
 * On a slow phone that evaluation takes the better part of a second; the requests the panel then
 * makes at start-up (app/router/preloadData.ts: the current user, the server's details, the
 * dashboard's list, a files page's folder) find their answers already on the way. Each is taken
 * once, by the panel's request for the same address with the same token (panelFetch, the API's
 * fetch); one nobody takes is forgotten after a while.
 */

/** Unused early answers are dropped after this long: a later request must not get an old one. */
const KEPT_MS = 20_000;

interface EarlyRequest {
  answer: Promise<Response>;
  /** The Authorization header it was sent with (null: none, the translation service's). */
  authorization: string | null;
  /** Drops the request when nobody has taken it in time. */
  expiry: ReturnType<typeof setTimeout>;
}

const waiting = new Map<string, EarlyRequest>();

function forget(url: string): void {
  const early = waiting.get(url);
  if (!early) return;
  clearTimeout(early.expiry);
  waiting.delete(url);
}

/** The API's base address, as the API's base query builds it. */
const apiBase = () => `${env.panelApiHost}/api/v2`;

/** Server areas whose page follows the server over its socket (the overview, console, players, backups). */
const SOCKET_AREAS = /^(\/(console|players|backups))?$/i;

/**
 * What the panel asks for first on `location`, as preloadData does, and the socket ticket of the
 * pages that open the server's socket (paths under /api/v2).
 */
export function earlyRequestPaths(location: { pathname: string; search: string }): string[] {
  const paths = ['/auth/current'];
  const server = /^\/server\/([^/]+)(\/.*)?$/i.exec(location.pathname.replace(/\/+$/, ''));
  const id = server ? safeDecode(server[1] ?? '') : null;
  if (id !== null) paths.push(`/servers/${id}`);
  // The pages that follow the server live ask for a socket ticket as soon as the server is there.
  if (id !== null && SOCKET_AREAS.test(server?.[2] ?? '')) paths.push(`/servers/${id}/websocket`);
  // The overview shows the server's resources as the API answers them until the socket's first sample.
  if (id !== null && (server?.[2] ?? '') === '') paths.push(`/servers/${id}/resources`);
  if (location.pathname === '/') paths.push('/servers/');
  if (id !== null && /^\/files$/i.test(server?.[2] ?? '')) {
    const params = new URLSearchParams(location.search);
    // A file in the editor or a search asks for other things than the folder's listing.
    if (!params.has('file') && (params.get('search') ?? '') === '') paths.push(`/servers/${id}/files/list?${new URLSearchParams({ directory: params.get('directory') ?? '/' }).toString()}`);
  }
  return paths;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The headers the API's base query sends with a read (see baseQuery.ts: no XSRF header on reads). */
function apiHeaders(token: string): Headers {
  return new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
}

/** Sends `request` now and keeps its answer for the panel's own request for the same address. */
function sendEarly(request: Request): void {
  const answer = fetch(request);
  forget(request.url);
  waiting.set(request.url, { answer, authorization: request.headers.get('Authorization'), expiry: setTimeout(() => forget(request.url), KEPT_MS) });
  // A failed early request is simply not taken: the panel's own request is made instead.
  answer.catch(() => {
    if (waiting.get(request.url)?.answer === answer) forget(request.url);
  });
}

/** Sends the opened page's first requests at once (for a logged-in visitor only: the others have none). */
export function startEarlyRequests(location: { pathname: string; search: string }): void {
  const token = getStoredToken();
  if (!token || typeof fetch !== 'function') return;
  for (const path of earlyRequestPaths(location)) sendEarly(new Request(`${apiBase()}${path}`, { credentials: 'include', headers: apiHeaders(token) }));
}

/** The English dictionary's address, as i18next's backend builds it (i18n.ts). */
export const defaultDictionaryUrl = translationLoadPath.replace('{{lng}}', DEFAULT_LOCALE).replace('{{ns}}', 'translation');

/**
 * Asks the translation service for what every page's start-up asks it (core/locale/startLocale):
 * the language list and the English dictionary, which is every language's fallback (and the
 * language itself for most visitors). Otherwise the list is asked for once the panel's code has
 * been evaluated, and the dictionary only once the list has come: two trips to the server after
 * start-up, and i18next starting (re-rendering the panel in the dictionary's texts) when the page
 * has already been drawn. Another language's dictionary waits for the list, which says whether it
 * may be loaded at all.
 */
export function startEarlyTranslationRequests(): void {
  if (typeof fetch !== 'function') return;
  sendEarly(new Request(languageListUrl, { headers: { Accept: 'application/json' } }));
  sendEarly(new Request(defaultDictionaryUrl));
}

/**
 * The panel's fetch (the API's, the translation service's): a GET that the entry already sent,
 * with the same token, takes that answer (once); every other request goes to the network.
 */
export const panelFetch: typeof fetch = (input, init) => {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const early = request.method === 'GET' ? waiting.get(request.url) : undefined;
  if (early && early.authorization === request.headers.get('Authorization')) {
    forget(request.url);
    return early.answer.catch(() => fetch(request));
  }
  return fetch(request);
};

/** Forgets every early request (tests). */
export function forgetEarlyRequests(): void {
  for (const url of [...waiting.keys()]) forget(url);
}
