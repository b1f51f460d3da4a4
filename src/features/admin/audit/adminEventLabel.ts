import type { TFunction } from 'i18next';

/** What an admin audit entry's event says in words; an operation without a sentence shows its name. */
export function adminEventLabel(t: TFunction, event: string): string {
  const labels: Record<string, string> = {
    'admin.denied': t('admin.event.denied', 'Refused access'),
    createAdminUser: t('admin.event.createUser', 'Created a user'),
    updateAdminUser: t('admin.event.updateUser', 'Changed a user'),
    deleteAdminUser: t('admin.event.deleteUser', 'Deleted a user'),
    suspendAdminUser: t('admin.event.suspendUser', 'Suspended a user'),
    unsuspendAdminUser: t('admin.event.unsuspendUser', 'Lifted a user’s suspension'),
    resetAdminUserTwoFactor: t('admin.event.resetTwoFactor', 'Reset a user’s two-factor'),
    sendAdminUserPasswordReset: t('admin.event.sendReset', 'Mailed a password reset'),
    createAdminUserLoginToken: t('admin.event.loginLink', 'Made a login link'),
    createAdminServer: t('admin.event.createServer', 'Created a server'),
    deleteAdminServer: t('admin.event.deleteServer', 'Deleted a server'),
    suspendAdminServer: t('admin.event.suspendServer', 'Suspended a server'),
    unsuspendAdminServer: t('admin.event.unsuspendServer', 'Lifted a server’s suspension'),
    reinstallAdminServer: t('admin.event.reinstallServer', 'Reinstalled a server'),
    changeAdminServerPlan: t('admin.event.changePlan', 'Changed a server’s plan'),
    openAdminServer: t('admin.event.openServer', 'Opened a customer’s server'),
    createAdminNode: t('admin.event.createNode', 'Added a node'),
    updateAdminNode: t('admin.event.updateNode', 'Changed a node'),
    deleteAdminNode: t('admin.event.deleteNode', 'Removed a node'),
    createAdminPlan: t('admin.event.createPlan', 'Created a plan'),
    updateAdminPlan: t('admin.event.updatePlan', 'Changed a plan'),
    deleteAdminPlan: t('admin.event.deletePlan', 'Deleted a plan'),
    importAdminTemplate: t('admin.event.importTemplate', 'Imported a game template'),
    previewAdminTemplateImport: t('admin.event.previewTemplate', 'Previewed a template import'),
    mapAdminTemplateImages: t('admin.event.mapImages', 'Changed a template’s image mapping'),
    createAdminDatabaseHost: t('admin.event.createDatabaseHost', 'Added a database host'),
    deleteAdminDatabaseHost: t('admin.event.deleteDatabaseHost', 'Removed a database host'),
    transferAdminServer: t('admin.event.transferServer', 'Moved a server to another node'),
    createAdminOAuthProvider: t('admin.event.createOAuthProvider', 'Added a social-login provider'),
    updateAdminOAuthProvider: t('admin.event.updateOAuthProvider', 'Changed a social-login provider'),
    updateAdminSettings: t('admin.event.updateSettings', 'Changed the panel’s settings'),
    addAdminDnsZone: t('admin.event.addDnsZone', 'Added a DNS zone'),
    removeAdminDnsZone: t('admin.event.removeDnsZone', 'Removed a DNS zone'),
    deleteAdminOAuthProvider: t('admin.event.deleteOAuthProvider', 'Removed a social-login provider'),
  };
  return labels[event] ?? event;
}
