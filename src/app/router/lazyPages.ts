import { lazyPage } from '../../components/lazyPage';

/*
 * Every page and the layouts that use antd load on demand, each in its own chunk, so the entry
 * chunk holds only the router, the guards and the guest layout (no antd: log in and sign up are
 * what every visitor loads first).
 * Each chunk is named (the magic comment, repeated as lazyPage's second argument): index.html
 * lists every named chunk's files, and the entry preloads those of the opened route (routeChunks.ts)
 * while the panel's start-up code is still being fetched and evaluated.
 */

export const DashboardLayout = lazyPage(() => import(/* webpackChunkName: "layout-dashboard" */ '../layouts/DashboardLayout').then((m) => ({ default: m.DashboardLayout })), 'layout-dashboard');
export const BlankLayout = lazyPage(() => import(/* webpackChunkName: "layout-blank" */ '../layouts/BlankLayout').then((m) => ({ default: m.BlankLayout })), 'layout-blank');
// The admin area (root admins only) is one chunk of its own with its layout: no customer route carries it.
export const AdminLayout = lazyPage(() => import(/* webpackChunkName: "layout-admin" */ '../layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })), 'layout-admin');
export const ServerLayout = lazyPage(() => import(/* webpackChunkName: "layout-server" */ '../layouts/ServerLayout').then((m) => ({ default: m.ServerLayout })), 'layout-server');

export const DashboardPage = lazyPage(() => import(/* webpackChunkName: "page-dashboard" */ '../../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })), 'page-dashboard');
export const AccountEditPage = lazyPage(
  () => import(/* webpackChunkName: "page-account-edit" */ '../../features/account/AccountEditPage').then((m) => ({ default: m.AccountEditPage })),
  'page-account-edit',
);
export const LoginPage = lazyPage(() => import(/* webpackChunkName: "page-login" */ '../../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })), 'page-login');
export const SignUpPage = lazyPage(() => import(/* webpackChunkName: "page-sign-up" */ '../../features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })), 'page-sign-up');
export const ForgotPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "page-forgot-password" */ '../../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
  'page-forgot-password',
);
export const ResetPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "page-reset-password" */ '../../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  'page-reset-password',
);
export const LogoutPage = lazyPage(() => import(/* webpackChunkName: "page-logout" */ '../../features/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })), 'page-logout');
export const SocialitePage = lazyPage(() => import(/* webpackChunkName: "page-socialite" */ '../../features/auth/SocialitePage').then((m) => ({ default: m.SocialitePage })), 'page-socialite');
export const ServerAreaPage = lazyPage(
  () => import(/* webpackChunkName: "page-server-area" */ '../../features/server/ServerAreaPage').then((m) => ({ default: m.ServerAreaPage })),
  'page-server-area',
);
export const ServerOverviewPage = lazyPage(
  () => import(/* webpackChunkName: "page-server-overview" */ '../../features/server-overview/ServerOverviewPage').then((m) => ({ default: m.ServerOverviewPage })),
  'page-server-overview',
);
export const ConsolePage = lazyPage(() => import(/* webpackChunkName: "page-console" */ '../../features/console/ConsolePage').then((m) => ({ default: m.ConsolePage })), 'page-console');
export const FilesPage = lazyPage(() => import(/* webpackChunkName: "page-files" */ '../../features/files/FilesPage').then((m) => ({ default: m.FilesPage })), 'page-files');
export const ConfigPage = lazyPage(() => import(/* webpackChunkName: "page-config" */ '../../features/config/ConfigPage').then((m) => ({ default: m.ConfigPage })), 'page-config');
export const BackupsPage = lazyPage(() => import(/* webpackChunkName: "page-backups" */ '../../features/backups/BackupsPage').then((m) => ({ default: m.BackupsPage })), 'page-backups');
export const WebhooksPage = lazyPage(() => import(/* webpackChunkName: "page-webhooks" */ '../../features/webhooks/WebhooksPage').then((m) => ({ default: m.WebhooksPage })), 'page-webhooks');
export const ServerNotificationsPage = lazyPage(
  () => import(/* webpackChunkName: "page-server-notifications" */ '../../features/panel-notifications/ServerNotificationsPage').then((m) => ({ default: m.ServerNotificationsPage })),
  'page-server-notifications',
);
export const SchedulesPage = lazyPage(() => import(/* webpackChunkName: "page-schedules" */ '../../features/schedules/SchedulesPage').then((m) => ({ default: m.SchedulesPage })), 'page-schedules');
export const NetworkPage = lazyPage(() => import(/* webpackChunkName: "page-network" */ '../../features/network/NetworkPage').then((m) => ({ default: m.NetworkPage })), 'page-network');
export const DatabasesPage = lazyPage(() => import(/* webpackChunkName: "page-databases" */ '../../features/databases/DatabasesPage').then((m) => ({ default: m.DatabasesPage })), 'page-databases');
export const PlayersPage = lazyPage(() => import(/* webpackChunkName: "page-players" */ '../../features/players/PlayersPage').then((m) => ({ default: m.PlayersPage })), 'page-players');
export const ExtensionsPage = lazyPage(
  () => import(/* webpackChunkName: "page-extensions" */ '../../features/extensions/ExtensionsPage').then((m) => ({ default: m.ExtensionsPage })),
  'page-extensions',
);
export const VersionsPage = lazyPage(() => import(/* webpackChunkName: "page-versions" */ '../../features/versions/VersionsPage').then((m) => ({ default: m.VersionsPage })), 'page-versions');
export const ModpacksPage = lazyPage(() => import(/* webpackChunkName: "page-modpacks" */ '../../features/modpacks/ModpacksPage').then((m) => ({ default: m.ModpacksPage })), 'page-modpacks');
export const SetupsPage = lazyPage(() => import(/* webpackChunkName: "page-setups" */ '../../features/setups/SetupsPage').then((m) => ({ default: m.SetupsPage })), 'page-setups');
export const UpgradePage = lazyPage(() => import(/* webpackChunkName: "page-upgrade" */ '../../features/plans/UpgradePage').then((m) => ({ default: m.UpgradePage })), 'page-upgrade');
export const PremiumPage = lazyPage(() => import(/* webpackChunkName: "page-premium" */ '../../features/plans/PremiumPage').then((m) => ({ default: m.PremiumPage })), 'page-premium');
export const PlansCataloguePage = lazyPage(
  () => import(/* webpackChunkName: "page-plans-catalogue" */ '../../features/plans/PlansCataloguePage').then((m) => ({ default: m.PlansCataloguePage })),
  'page-plans-catalogue',
);
export const QuizPage = lazyPage(() => import(/* webpackChunkName: "page-quiz" */ '../../features/plans/QuizPage').then((m) => ({ default: m.QuizPage })), 'page-quiz');
export const SharingPage = lazyPage(() => import(/* webpackChunkName: "page-sharing" */ '../../features/sharing/SharingPage').then((m) => ({ default: m.SharingPage })), 'page-sharing');
export const SharingRolesPage = lazyPage(
  () => import(/* webpackChunkName: "page-sharing-roles" */ '../../features/sharing/SharingRolesPage').then((m) => ({ default: m.SharingRolesPage })),
  'page-sharing-roles',
);
export const SharingAuditLogPage = lazyPage(
  () => import(/* webpackChunkName: "page-sharing-audit-log" */ '../../features/sharing/SharingAuditLogPage').then((m) => ({ default: m.SharingAuditLogPage })),
  'page-sharing-audit-log',
);
export const SupportReplayPage = lazyPage(
  () => import(/* webpackChunkName: "page-support-replay" */ '../replay/SupportReplayPage').then((m) => ({ default: m.SupportReplayPage })),
  'page-support-replay',
);
export const NotFoundPage = lazyPage(() => import(/* webpackChunkName: "page-not-found" */ '../../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })), 'page-not-found');

export const AdminOverviewPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminOverviewPage })), 'page-admin');
export const AdminNodesPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminNodesPage })), 'page-admin');
export const AdminServersPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminServersPage })), 'page-admin');
export const AdminUsersPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminUsersPage })), 'page-admin');
export const AdminOAuthProvidersPage = lazyPage(
  () => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminOAuthProvidersPage })),
  'page-admin',
);
export const AdminSettingsPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminSettingsPage })), 'page-admin');
export const OrderServerPage = lazyPage(() => import(/* webpackChunkName: "page-order" */ '../../features/plans/order/OrderServerPage').then((m) => ({ default: m.OrderServerPage })), 'page-order');
export const AdminAuditPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminAuditPage })), 'page-admin');
export const AdminPlansPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminPlansPage })), 'page-admin');
export const AdminTemplatesPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminTemplatesPage })), 'page-admin');
export const AdminDatabaseHostsPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminDatabaseHostsPage })), 'page-admin');
export const AdminDnsZonesPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../../features/admin/adminPages').then((m) => ({ default: m.AdminDnsZonesPage })), 'page-admin');
