import { matchPath } from 'react-router-dom';
import { preloadOf } from '../../components/lazyPage';
import { AdminLayout, BlankLayout, DashboardLayout, ServerLayout } from './lazyPages';
import { routeTable, type PanelRoute, type RouteLayout } from './routeTable';

/** The layouts that load on demand; the guest layout is in the entry chunk. */
const lazyLayouts: Record<RouteLayout, unknown> = {
  dashboard: DashboardLayout,
  server: ServerLayout,
  blank: BlankLayout,
  admin: AdminLayout,
  guest: undefined,
};

function routeFor(pathname: string): PanelRoute | undefined {
  return routeTable.find((route) => matchPath(route.path, pathname));
}

/**
 * Requests the code of the page (and its layout) the panel is opened on, before anything renders:
 * it then loads side by side with the current user and the dictionary instead of after them.
 * A visitor without a stored token who opens a page for logged-in users will be sent to the log
 * in page, so that page is requested instead. Unknown addresses are left to the router. A failed
 * request is harmless: the page asks again when it renders.
 */
export function preloadRoute(pathname: string, hasStoredToken: boolean): void {
  const opened = routeFor(pathname);
  const route = opened?.access === 'login' && !hasStoredToken ? routeFor('/login') : opened;
  if (!route) return;
  for (const preload of [preloadOf(lazyLayouts[route.layout]), preloadOf(route.element.type)]) {
    preload?.().catch(() => undefined);
  }
}
