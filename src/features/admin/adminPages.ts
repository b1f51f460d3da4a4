/** The admin area's pages, one chunk loaded only when a root admin opens /admin. */
export { AdminOverviewPage } from './overview/AdminOverviewPage';
export { AdminNodesPage } from './nodes/AdminNodesPage';
export { AdminServersPage } from './servers/AdminServersPage';
export { AdminUsersPage } from './users/AdminUsersPage';
export { AdminAuditPage } from './audit/AdminAuditPage';
export { AdminOAuthProvidersPage } from './oauth/AdminOAuthProvidersPage';
export { AdminPlansPage } from './plans/AdminPlansPage';
export { AdminTemplatesPage } from './templates/AdminTemplatesPage';
export { AdminDatabaseHostsPage } from './database-hosts/AdminDatabaseHostsPage';
export { AdminDnsZonesPage } from './dns/AdminDnsZonesPage';
export { AdminSettingsPage } from './settings/AdminSettingsPage';
