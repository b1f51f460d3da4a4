import { LOGIN_ROUTE_CHUNKS, routeChunkTable } from './routeChunks';

/*
 * How index.html preloads the opened route's layout and page (routeChunks.ts says which chunks;
 * the build says which files). Without it they are asked for once the panel's start-up code has
 * been fetched and evaluated and the router has rendered, a second trip to the server after the
 * first (on a slow phone, or from a busy server, the better part of a second); with it they
 * travel beside the start-up code, and webpack's own request for them later takes the preloaded
 * answer.
 *
 * The build writes the table below as ROUTE_PRELOADS_FILE; the panel's server writes the opened
 * route's files into the page it serves as <link rel="preload"> tags
 * (server/src/plugins/routePreloads.ts). The browser's preload scanner asks for those as it reads
 * the page. Added by a script, the console's 17 links cost the main thread 25–75 ms at 4× CPU
 * slowdown before the first frame, in a browser driven over DevTools (as the benchmarks and the
 * end-to-end tests drive it); written in the page, about 1 ms.
 *
 * The server does not know whether the visitor is logged in (the token is in the browser's
 * storage). On a page for logged-in users it preloads that page's code, and marks the page with
 * `data-login-required`; the small script below then preloads the log-in page's code too when no
 * token is stored, since the panel shows the log-in page instead. It is plain ES5 in a string, as
 * the first frame's chooser: it runs inline before any bundle, allowed by its hash in the
 * Content-Security-Policy (server/src/plugins/inlineScriptHashes.ts).
 */

/** The build's file with the routes' preloads, next to index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One route: its path's segments (`:id` is any one segment), whether it needs a login, its files. */
export type RoutePreload = [segments: string[], loginRequired: boolean, files: string[]];

/** What the build writes as ROUTE_PRELOADS_FILE. */
export interface RoutePreloadTable {
  routes: RoutePreload[];
}

/** The files of `chunks` (public paths), each once, in order. */
function filesOf(chunks: string[], files: Record<string, string[]>): string[] {
  return [...new Set(chunks.flatMap((chunk) => files[chunk] ?? []))];
}

/** The table for a build whose named chunks have these files (public paths). */
export function routePreloadTable(files: Record<string, string[]>): RoutePreloadTable {
  return { routes: routeChunkTable.map((route) => [route.path.split('/').filter(Boolean), route.loginRequired, filesOf(route.chunks, files)]) };
}

/** The attribute the server puts on <html> for a page of logged-in users. */
export const LOGIN_REQUIRED_ATTRIBUTE = 'data-login-required';

/** The inline script preloading the log-in page's code for a visitor without a token on such a page. */
export function guestLoginPreloader(files: Record<string, string[]>): string {
  const loginFiles = JSON.stringify(filesOf(LOGIN_ROUTE_CHUNKS.chunks, files)).replace(/</g, '\\u003c');
  return `(function () {
  try {
    if (!document.documentElement.hasAttribute('${LOGIN_REQUIRED_ATTRIBUTE}') || window.localStorage.getItem('access_token')) return;
    var files = ${loginFiles};
    for (var f = 0; f < files.length; f++) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', /\\.css$/.test(files[f]) ? 'style' : 'script');
      link.href = files[f];
      document.head.appendChild(link);
    }
  } catch (error) {
    // No storage: the router asks for the log-in page's code as it renders.
  }
})();`;
}
