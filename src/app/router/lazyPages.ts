import { lazy } from 'react';

/*
 * Every page and the two heavy layouts load on demand, each in its own chunk, so the entry chunk
 * holds only the router, the guards and the light layouts.
 */

export const DashboardLayout = lazy(() => import('../layouts/DashboardLayout').then((m) => ({ default: m.DashboardLayout })));
export const ServerLayout = lazy(() => import('../layouts/ServerLayout').then((m) => ({ default: m.ServerLayout })));

export const DashboardPage = lazy(() => import('../../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
export const AccountEditPage = lazy(() => import('../../features/account/AccountEditPage').then((m) => ({ default: m.AccountEditPage })));
export const LoginPage = lazy(() => import('../../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
export const SignUpPage = lazy(() => import('../../features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })));
export const ForgotPasswordPage = lazy(() => import('../../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
export const ResetPasswordPage = lazy(() => import('../../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
export const LogoutPage = lazy(() => import('../../features/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })));
export const SocialitePage = lazy(() => import('../../features/auth/SocialitePage').then((m) => ({ default: m.SocialitePage })));
export const ServerAreaPage = lazy(() => import('../../features/server/ServerAreaPage').then((m) => ({ default: m.ServerAreaPage })));
export const ServerOverviewPage = lazy(() => import('../../features/server-overview/ServerOverviewPage').then((m) => ({ default: m.ServerOverviewPage })));
export const ConsolePage = lazy(() => import('../../features/console/ConsolePage').then((m) => ({ default: m.ConsolePage })));
export const FilesPage = lazy(() => import('../../features/files/FilesPage').then((m) => ({ default: m.FilesPage })));
export const ConfigPage = lazy(() => import('../../features/config/ConfigPage').then((m) => ({ default: m.ConfigPage })));
export const BackupsPage = lazy(() => import('../../features/backups/BackupsPage').then((m) => ({ default: m.BackupsPage })));
export const TasksPage = lazy(() => import('../../features/tasks/TasksPage').then((m) => ({ default: m.TasksPage })));
export const NetworkPage = lazy(() => import('../../features/network/NetworkPage').then((m) => ({ default: m.NetworkPage })));
export const DatabasesPage = lazy(() => import('../../features/databases/DatabasesPage').then((m) => ({ default: m.DatabasesPage })));
export const PlayersPage = lazy(() => import('../../features/players/PlayersPage').then((m) => ({ default: m.PlayersPage })));
export const ExtensionsPage = lazy(() => import('../../features/extensions/ExtensionsPage').then((m) => ({ default: m.ExtensionsPage })));
export const VersionsPage = lazy(() => import('../../features/versions/VersionsPage').then((m) => ({ default: m.VersionsPage })));
export const ModpacksPage = lazy(() => import('../../features/modpacks/ModpacksPage').then((m) => ({ default: m.ModpacksPage })));
export const SetupsPage = lazy(() => import('../../features/setups/SetupsPage').then((m) => ({ default: m.SetupsPage })));
export const UpgradePage = lazy(() => import('../../features/plans/UpgradePage').then((m) => ({ default: m.UpgradePage })));
export const PremiumPage = lazy(() => import('../../features/plans/PremiumPage').then((m) => ({ default: m.PremiumPage })));
export const QuizPage = lazy(() => import('../../features/plans/QuizPage').then((m) => ({ default: m.QuizPage })));
export const SharingPage = lazy(() => import('../../features/sharing/SharingPage').then((m) => ({ default: m.SharingPage })));
export const SharingRolesPage = lazy(() => import('../../features/sharing/SharingRolesPage').then((m) => ({ default: m.SharingRolesPage })));
export const SharingAuditLogPage = lazy(() => import('../../features/sharing/SharingAuditLogPage').then((m) => ({ default: m.SharingAuditLogPage })));
export const SupportReplayPage = lazy(() => import('../replay/SupportReplayPage').then((m) => ({ default: m.SupportReplayPage })));
export const NotFoundPage = lazy(() => import('../../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
