import { chunksOpenedAt } from './routeChunks';

/** The id of index.html's list of the named chunks' files (written by the build, webpack.config.ts). */
export const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks';

/** index.html's list: each named chunk's files (scripts and style sheets) beyond the start-up code's. */
function routeChunkFiles(): Record<string, string[]> {
  const text = document.getElementById(ROUTE_CHUNKS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, string[]>;
  } catch {
    return {};
  }
}

/**
 * Preloads the files of the opened route's layout and page, from the entry: without this they are
 * asked for only once the panel's start-up code has been evaluated and the router has rendered,
 * one more trip to the server after it (on a slow phone the better part of a second). webpack's
 * own request for them later takes the preloaded answer.
 */
export function preloadRouteChunks(location: { pathname: string }, hasStoredToken: boolean): void {
  const files = routeChunkFiles();
  const wanted = new Set(chunksOpenedAt(location.pathname, hasStoredToken).flatMap((chunk) => files[chunk] ?? []));
  for (const file of wanted) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', file.endsWith('.css') ? 'style' : 'script');
    link.href = file;
    document.head.appendChild(link);
  }
}
