import { serverAreaPaths } from '../../features/server/serverAreaPaths';

/*
 * Which named chunks (lazyPages.ts) each address opens: its layout's and its page's. index.html
 * preloads them from the first moment (routeChunkPreloader.ts, built from this table), long before
 * the panel's start-up code (router included) has been evaluated, so this is plain data and a
 * small matcher rather than the route table, which brings React. A test keeps it in step with the
 * route table.
 */

/** The chunk of each server area with a page of its own; the others show the area page. */
const serverAreaChunks: Partial<Record<string, string>> = {
  overview: 'page-server-overview',
  console: 'page-console',
  files: 'page-files',
  config: 'page-config',
  backups: 'page-backups',
  database: 'page-databases',
  schedules: 'page-schedules',
  webhooks: 'page-webhooks',
  notifications: 'page-server-notifications',
  players: 'page-players',
  network: 'page-network',
  versions: 'page-versions',
  extensions: 'page-extensions',
  modpacks: 'page-modpacks',
  setups: 'page-setups',
  sharing: 'page-sharing',
  sharingRoles: 'page-sharing-roles',
  sharingAuditLog: 'page-sharing-audit-log',
  upgrade: 'page-upgrade',
  upgradePremium: 'page-premium',
  upgradeQuiz: 'page-quiz',
};

/** One route's chunks. */
export interface RouteChunks {
  path: string;
  /** Only for logged-in users: a visitor without a token is sent to log in. */
  loginRequired: boolean;
  chunks: string[];
}

export const LOGIN_ROUTE_CHUNKS: RouteChunks = { path: '/login', loginRequired: false, chunks: ['page-login'] };

/** The routes of the route table with their chunks (the guest layout is in the start-up code). */
export const routeChunkTable: readonly RouteChunks[] = [
  { path: '/', loginRequired: true, chunks: ['layout-dashboard', 'page-dashboard'] },
  { path: '/account/edit', loginRequired: true, chunks: ['layout-dashboard', 'page-account-edit'] },
  { path: '/plans', loginRequired: true, chunks: ['layout-dashboard', 'page-plans-catalogue'] },
  { path: '/order', loginRequired: true, chunks: ['layout-dashboard', 'page-order'] },
  ...[
    '/admin',
    '/admin/nodes',
    '/admin/servers',
    '/admin/users',
    '/admin/audit',
    '/admin/settings',
    '/admin/social-login',
    '/admin/plans',
    '/admin/templates',
    '/admin/database-hosts',
    '/admin/dns-zones',
  ].map((path) => ({ path, loginRequired: true, chunks: ['layout-admin', 'page-admin'] })),
  LOGIN_ROUTE_CHUNKS,
  { path: '/sign-up', loginRequired: false, chunks: ['page-sign-up'] },
  { path: '/forgot-password', loginRequired: false, chunks: ['page-forgot-password'] },
  { path: '/reset-password', loginRequired: false, chunks: ['page-reset-password'] },
  { path: '/logout', loginRequired: true, chunks: ['layout-blank', 'page-logout'] },
  { path: '/socialite', loginRequired: false, chunks: ['layout-blank', 'page-socialite'] },
  { path: '/support/replay', loginRequired: false, chunks: ['layout-blank', 'page-support-replay'] },
  ...serverAreaPaths.map((area) => ({
    path: area.path ? `/server/:id/${area.path}` : '/server/:id',
    loginRequired: true,
    chunks: ['layout-server', serverAreaChunks[area.key] ?? 'page-server-area'],
  })),
];

/** Whether `pathname` matches `path` as the router does: any case, `:id` one segment, a trailing slash allowed. */
function matches(path: string, pathname: string): boolean {
  const wanted = path.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  return wanted.length === given.length && wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment.toLowerCase() === given[index]?.toLowerCase()));
}

/**
 * The chunks the panel will load for `pathname`: the log-in page's for a visitor without a stored
 * token on a page for logged-in users; none for an address the route table does not know.
 */
export function chunksOpenedAt(pathname: string, hasStoredToken: boolean): string[] {
  const route = routeChunkTable.find((candidate) => matches(candidate.path, pathname));
  if (!route) return [];
  return (route.loginRequired && !hasStoredToken ? LOGIN_ROUTE_CHUNKS : route).chunks;
}
