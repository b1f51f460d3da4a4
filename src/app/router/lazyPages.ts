import { lazyPage } from '../../components/lazyPage';

/*
 * Every page and the layouts that use antd load on demand, each in its own chunk, so the entry
 * chunk holds only the router, the guards and the guest layout (no antd: log in and sign up are
 * what every visitor loads first).
 */

export const DashboardLayout = lazyPage(() => import('../layouts/DashboardLayout').then((m) => ({ default: m.DashboardLayout })));
export const BlankLayout = lazyPage(() => import('../layouts/BlankLayout').then((m) => ({ default: m.BlankLayout })));
export const ServerLayout = lazyPage(() => import('../layouts/ServerLayout').then((m) => ({ default: m.ServerLayout })));

export const DashboardPage = lazyPage(() => import('../../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
export const AccountEditPage = lazyPage(() => import('../../features/account/AccountEditPage').then((m) => ({ default: m.AccountEditPage })));
export const LoginPage = lazyPage(() => import('../../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
export const SignUpPage = lazyPage(() => import('../../features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })));
export const ForgotPasswordPage = lazyPage(() => import('../../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
export const ResetPasswordPage = lazyPage(() => import('../../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
export const LogoutPage = lazyPage(() => import('../../features/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })));
export const SocialitePage = lazyPage(() => import('../../features/auth/SocialitePage').then((m) => ({ default: m.SocialitePage })));
export const ServerAreaPage = lazyPage(() => import('../../features/server/ServerAreaPage').then((m) => ({ default: m.ServerAreaPage })));
export const ServerOverviewPage = lazyPage(() => import('../../features/server-overview/ServerOverviewPage').then((m) => ({ default: m.ServerOverviewPage })));
export const ConsolePage = lazyPage(() => import('../../features/console/ConsolePage').then((m) => ({ default: m.ConsolePage })));
export const FilesPage = lazyPage(() => import('../../features/files/FilesPage').then((m) => ({ default: m.FilesPage })));
export const ConfigPage = lazyPage(() => import('../../features/config/ConfigPage').then((m) => ({ default: m.ConfigPage })));
export const BackupsPage = lazyPage(() => import('../../features/backups/BackupsPage').then((m) => ({ default: m.BackupsPage })));
export const TasksPage = lazyPage(() => import('../../features/tasks/TasksPage').then((m) => ({ default: m.TasksPage })));
export const NetworkPage = lazyPage(() => import('../../features/network/NetworkPage').then((m) => ({ default: m.NetworkPage })));
export const DatabasesPage = lazyPage(() => import('../../features/databases/DatabasesPage').then((m) => ({ default: m.DatabasesPage })));
export const PlayersPage = lazyPage(() => import('../../features/players/PlayersPage').then((m) => ({ default: m.PlayersPage })));
export const ExtensionsPage = lazyPage(() => import('../../features/extensions/ExtensionsPage').then((m) => ({ default: m.ExtensionsPage })));
export const VersionsPage = lazyPage(() => import('../../features/versions/VersionsPage').then((m) => ({ default: m.VersionsPage })));
export const ModpacksPage = lazyPage(() => import('../../features/modpacks/ModpacksPage').then((m) => ({ default: m.ModpacksPage })));
export const SetupsPage = lazyPage(() => import('../../features/setups/SetupsPage').then((m) => ({ default: m.SetupsPage })));
export const UpgradePage = lazyPage(() => import('../../features/plans/UpgradePage').then((m) => ({ default: m.UpgradePage })));
export const PremiumPage = lazyPage(() => import('../../features/plans/PremiumPage').then((m) => ({ default: m.PremiumPage })));
export const PlansCataloguePage = lazyPage(() => import('../../features/plans/PlansCataloguePage').then((m) => ({ default: m.PlansCataloguePage })));
export const QuizPage = lazyPage(() => import('../../features/plans/QuizPage').then((m) => ({ default: m.QuizPage })));
export const SharingPage = lazyPage(() => import('../../features/sharing/SharingPage').then((m) => ({ default: m.SharingPage })));
export const SharingRolesPage = lazyPage(() => import('../../features/sharing/SharingRolesPage').then((m) => ({ default: m.SharingRolesPage })));
export const SharingAuditLogPage = lazyPage(() => import('../../features/sharing/SharingAuditLogPage').then((m) => ({ default: m.SharingAuditLogPage })));
export const SupportReplayPage = lazyPage(() => import('../replay/SupportReplayPage').then((m) => ({ default: m.SupportReplayPage })));
export const NotFoundPage = lazyPage(() => import('../../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
