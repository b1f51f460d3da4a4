import type { ReactElement } from 'react';
import { serverAreaPaths } from '../../features/server/serverAreaPaths';
import {
  AccountEditPage,
  AdminAuditPage,
  AdminDatabaseHostsPage,
  AdminDnsZonesPage,
  AdminNodesPage,
  AdminOAuthProvidersPage,
  AdminOverviewPage,
  AdminPlansPage,
  AdminServersPage,
  AdminTemplatesPage,
  AdminSettingsPage,
  AdminUsersPage,
  BackupsPage,
  ConfigPage,
  ConsolePage,
  DashboardPage,
  DatabasesPage,
  ExtensionsPage,
  FilesPage,
  ForgotPasswordPage,
  LoginPage,
  LogoutPage,
  ModpacksPage,
  NetworkPage,
  OrderServerPage,
  PlansCataloguePage,
  PlayersPage,
  PremiumPage,
  QuizPage,
  ResetPasswordPage,
  ServerAreaPage,
  ServerOverviewPage,
  SetupsPage,
  SharingAuditLogPage,
  SharingPage,
  SharingRolesPage,
  SignUpPage,
  SocialitePage,
  SupportReplayPage,
  SchedulesPage,
  WebhooksPage,
  ServerNotificationsPage,
  UpgradePage,
  VersionsPage,
} from './lazyPages';

/** Who may open a route: logged-in users only, visitors who are not logged in only, or anyone. */
export type RouteAccess = 'login' | 'guest' | 'public';

/** The four layouts of the specification, and the admin area's. */
export type RouteLayout = 'dashboard' | 'guest' | 'blank' | 'server' | 'admin';

/** One route of the panel. */
export interface PanelRoute {
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  element: ReactElement;
}

/** Server areas with pages of their own; the others show their area page until their tools arrive. */
const serverAreaPages: Partial<Record<string, ReactElement>> = {
  overview: <ServerOverviewPage />,
  console: <ConsolePage />,
  files: <FilesPage />,
  config: <ConfigPage />,
  backups: <BackupsPage />,
  database: <DatabasesPage />,
  schedules: <SchedulesPage />,
  webhooks: <WebhooksPage />,
  notifications: <ServerNotificationsPage />,
  players: <PlayersPage />,
  network: <NetworkPage />,
  versions: <VersionsPage />,
  extensions: <ExtensionsPage />,
  modpacks: <ModpacksPage />,
  setups: <SetupsPage />,
  sharing: <SharingPage />,
  sharingRoles: <SharingRolesPage />,
  sharingAuditLog: <SharingAuditLogPage />,
  upgrade: <UpgradePage />,
  upgradePremium: <PremiumPage />,
  upgradeQuiz: <QuizPage />,
};

/** Every route of the specification with its layout and access rule. */
export const routeTable: readonly PanelRoute[] = [
  { path: '/', layout: 'dashboard', access: 'login', element: <DashboardPage /> },
  { path: '/account/edit', layout: 'dashboard', access: 'login', element: <AccountEditPage /> },
  // Every game's plans and looks: where the dashboard sends someone without a server.
  { path: '/plans', layout: 'dashboard', access: 'login', element: <PlansCataloguePage /> },
  // Ordering a server: a game, a plan in its look, a location, a name.
  { path: '/order', layout: 'dashboard', access: 'login', element: <OrderServerPage /> },
  // The admin area: its layout refuses customers (403) and admins without a second factor.
  { path: '/admin', layout: 'admin', access: 'login', element: <AdminOverviewPage /> },
  { path: '/admin/nodes', layout: 'admin', access: 'login', element: <AdminNodesPage /> },
  { path: '/admin/servers', layout: 'admin', access: 'login', element: <AdminServersPage /> },
  { path: '/admin/users', layout: 'admin', access: 'login', element: <AdminUsersPage /> },
  { path: '/admin/audit', layout: 'admin', access: 'login', element: <AdminAuditPage /> },
  { path: '/admin/settings', layout: 'admin', access: 'login', element: <AdminSettingsPage /> },
  { path: '/admin/social-login', layout: 'admin', access: 'login', element: <AdminOAuthProvidersPage /> },
  { path: '/admin/plans', layout: 'admin', access: 'login', element: <AdminPlansPage /> },
  { path: '/admin/templates', layout: 'admin', access: 'login', element: <AdminTemplatesPage /> },
  { path: '/admin/database-hosts', layout: 'admin', access: 'login', element: <AdminDatabaseHostsPage /> },
  { path: '/admin/dns-zones', layout: 'admin', access: 'login', element: <AdminDnsZonesPage /> },
  { path: '/login', layout: 'guest', access: 'guest', element: <LoginPage /> },
  { path: '/sign-up', layout: 'guest', access: 'guest', element: <SignUpPage /> },
  { path: '/forgot-password', layout: 'guest', access: 'guest', element: <ForgotPasswordPage /> },
  { path: '/reset-password', layout: 'guest', access: 'guest', element: <ResetPasswordPage /> },
  { path: '/logout', layout: 'blank', access: 'login', element: <LogoutPage /> },
  { path: '/socialite', layout: 'blank', access: 'public', element: <SocialitePage /> },
  // Support staff replay a customer's action log here; it never calls the API.
  { path: '/support/replay', layout: 'blank', access: 'public', element: <SupportReplayPage /> },
  ...serverAreaPaths.map((area): PanelRoute => ({
    path: area.path ? `/server/:id/${area.path}` : '/server/:id',
    layout: 'server',
    access: 'login',
    element: serverAreaPages[area.key] ?? <ServerAreaPage areaKey={area.key} />,
  })),
];
