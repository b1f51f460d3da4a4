/**
 * Every route the panel's router knows, read from its sources (src/app/router/routeTable.tsx,
 * src/app/router/lazyPages.ts and src/features/server/serverAreaPaths.ts), with the feature
 * folder whose page each one shows. A route or server area added there is measured without
 * touching the bench.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Feature folders every page may use: the app's own state and the server layout. */
export const SHARED_FEATURES = ['app', 'locale', 'notifications', 'session', 'support', 'theme', 'validation', 'server'];

/** Routes that change something when opened, or need a one-off link: not measured. */
const SKIPPED = new Set(['/logout', '/socialite', '/reset-password', '/support/replay']);

/**
 * [{ path, access: 'login' | 'guest' | 'public', feature, kind: 'guest' | 'dashboard' | 'server' }]
 * with `:id` left in server paths.
 */
export function routerRoutes(rootDir) {
  const read = (path) => readFileSync(join(rootDir, path), 'utf8');
  const lazyPages = read('src/app/router/lazyPages.ts');
  const routeTable = read('src/app/router/routeTable.tsx');
  const areaPaths = read('src/features/server/serverAreaPaths.ts');

  // Page component → the feature folder it lives in.
  const featureOf = new Map();
  for (const [, name, from] of lazyPages.matchAll(/export const (\w+) = lazy(?:Page)?\(\s*\(\) => import\((?:\/\*[^*]*\*\/ )?'([^']+)'\)/g)) {
    const feature = /features\/([^/]+)\//.exec(from)?.[1] ?? null;
    featureOf.set(name, feature);
  }

  const routes = [];
  for (const [, path, layout, access, page] of routeTable.matchAll(/\{ path: '([^']+)', layout: '(\w+)', access: '(\w+)', element: <(\w+)/g)) {
    if (SKIPPED.has(path)) continue;
    routes.push({ path, access, layout, feature: featureOf.get(page) ?? null, kind: layout === 'guest' ? 'guest' : 'dashboard' });
  }

  const areaPages = new Map([...routeTable.matchAll(/^\s+(\w+): <(\w+) \/>,$/gm)].map(([, key, page]) => [key, page]));
  for (const [, key, path] of areaPaths.matchAll(/\{ key: '(\w+)', path: '([^']*)'/g)) {
    const page = areaPages.get(key) ?? 'ServerAreaPage';
    routes.push({ path: path ? `/server/:id/${path}` : '/server/:id', access: 'login', layout: 'server', feature: featureOf.get(page) ?? 'server', kind: 'server', area: key });
  }
  return routes;
}

/** Every feature folder that has a page of its own (the "areas" a route may or may not show). */
export function pageFeatures(routes) {
  return [...new Set(routes.map((route) => route.feature).filter((feature) => feature && !SHARED_FEATURES.includes(feature)))];
}
