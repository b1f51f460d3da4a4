import { readFile, stat } from 'node:fs/promises';
import { escapeMarkupAttribute } from '../lib/markupEscape';

/*
 * The opened route's code, preloaded by the page itself: the build lists each route's files
 * (ROUTE_PRELOADS_FILE, written by webpack.config.ts from src/app/router/routeChunkPreloader.ts),
 * and index.html as served for an address carries that route's files as <link rel="preload">
 * tags, which the browser asks for as it reads the page, beside the start-up code.
 */

/** The build's file with each route's files, next to index.html (as src/app/router/routeChunkPreloader.ts names it). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Put on <html> for a page of logged-in users: the page's script then preloads the log-in page's code for a visitor without a token. */
export const LOGIN_REQUIRED_ATTRIBUTE = 'data-login-required';

/** One route of the build's table: its path's segments (`:id` is any one segment), whether it needs a login, its files. */
type RoutePreload = [segments: string[], loginRequired: boolean, files: string[]];

/** The preloads of the route an address opens. */
export interface RoutePreloads {
  /** The route's index in the table: pages of the same route are the same page. */
  route: number;
  loginRequired: boolean;
  files: string[];
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The table's routes, or null when `value` is not such a table (a page then goes without preloads). */
function routesOf(value: unknown): RoutePreload[] | null {
  const routes = (value as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return null;
  const valid = routes.every((route) => Array.isArray(route) && route.length === 3 && isStringList(route[0]) && typeof route[1] === 'boolean' && isStringList(route[2]));
  return valid ? (routes as RoutePreload[]) : null;
}

/** Whether `segments` (a route's) match `given` (an address's) as the web app's router does: any case, `:id` any one segment. */
function matches(segments: string[], given: string[]): boolean {
  return segments.length === given.length && segments.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment.toLowerCase() === given[index]?.toLowerCase()));
}

/** The preloads of the route `pathname` (an address's path, without its query) opens, or null for an address no route matches. */
export function routePreloadsAt(routes: RoutePreload[], pathname: string): RoutePreloads | null {
  const given = pathname.split('/').filter(Boolean);
  const route = routes.findIndex(([segments]) => matches(segments, given));
  if (route < 0) return null;
  const [, loginRequired, files] = routes[route] as RoutePreload;
  return { route, loginRequired, files };
}

/** The <link rel="preload"> tags of `files`: scripts, and style sheets. */
export function preloadTags(files: string[]): string {
  return files.map((file) => `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${escapeMarkupAttribute(file)}">`).join('');
}

/**
 * The routes of the build's table at `path`, read again when the file changes (a new build);
 * null without a readable table (a build from before it, or a development server's).
 */
export function builtRoutePreloads(path: string): () => Promise<RoutePreload[] | null> {
  let read: { mtime: number; routes: RoutePreload[] | null } | null = null;
  return async () => {
    let mtime: number;
    try {
      mtime = (await stat(path)).mtimeMs;
    } catch {
      return null;
    }
    if (read?.mtime !== mtime) {
      let routes: RoutePreload[] | null;
      try {
        routes = routesOf(JSON.parse(await readFile(path, 'utf8')));
      } catch {
        routes = null;
      }
      read = { mtime, routes };
    }
    return read.routes;
  };
}
