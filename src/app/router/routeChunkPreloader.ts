import { LOGIN_ROUTE_CHUNKS, routeChunkTable } from './routeChunks';

/*
 * The script index.html runs in its head, as it is read: it preloads the files of the opened
 * route's layout and page (routeChunks.ts says which chunks; the build says which files). Without
 * it they are asked for once the panel's start-up code has been fetched and evaluated and the
 * router has rendered, a second trip to the server after the first (on a slow phone, or from a
 * busy server, the better part of a second); with it they travel beside the start-up code, and
 * webpack's own request for them later takes the preloaded answer.
 *
 * Plain ES5 in a string, as the first frame's chooser: it runs inline before any bundle, allowed
 * by its hash in the Content-Security-Policy (server/src/plugins/inlineScriptHashes.ts). It
 * matches addresses as chunksOpenedAt does (a test runs both over the route table).
 */

/** The preloading script for a build whose named chunks have these files (public paths). */
export function routeChunkPreloader(files: Record<string, string[]>): string {
  const routes = routeChunkTable.map((route) => [route.path.split('/').filter(Boolean), route.loginRequired, route.chunks]);
  const data = JSON.stringify({ routes, login: LOGIN_ROUTE_CHUNKS.chunks, files }).replace(/</g, '\\u003c');
  return `(function () {
  try {
    var data = ${data};
    var given = window.location.pathname.split('/').filter(function (segment) { return segment !== ''; });
    var matches = function (wanted) {
      if (wanted.length !== given.length) return false;
      for (var i = 0; i < wanted.length; i++) {
        if (wanted[i].charAt(0) !== ':' && wanted[i].toLowerCase() !== given[i].toLowerCase()) return false;
      }
      return true;
    };
    var chunks = [];
    for (var r = 0; r < data.routes.length; r++) {
      if (!matches(data.routes[r][0])) continue;
      chunks = data.routes[r][1] && !window.localStorage.getItem('access_token') ? data.login : data.routes[r][2];
      break;
    }
    var seen = {};
    for (var c = 0; c < chunks.length; c++) {
      var list = data.files[chunks[c]] || [];
      for (var f = 0; f < list.length; f++) {
        if (seen[list[f]]) continue;
        seen[list[f]] = true;
        var link = document.createElement('link');
        link.rel = 'preload';
        link.setAttribute('as', /\\.css$/.test(list[f]) ? 'style' : 'script');
        link.href = list[f];
        document.head.appendChild(link);
      }
    }
  } catch (error) {
    // No storage: the router asks for the page's code as it renders.
  }
})();`;
}
