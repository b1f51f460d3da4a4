/** The sections the area navigation groups areas into. */
export type ServerAreaGroup = 'control' | 'data' | 'software' | 'automation' | 'access' | 'plan';

/** Where one server area lives under /server/{id}/ and which navigation group it belongs to. */
export interface ServerAreaPath {
  key: string;
  /** Path under /server/{id}/; empty for the overview. */
  path: string;
  group: ServerAreaGroup;
  /** The permission needed to open the area; entries the user lacks it for are left out of the navigation. */
  permission?: string;
}

/**
 * The overview at /server/{id} followed by the specification's 18 areas, in navigation order.
 * Plain data without icons or texts: the route table (in the entry chunk) needs only this.
 */
export const serverAreaPaths: readonly ServerAreaPath[] = [
  { key: 'overview', path: '', group: 'control' },
  { key: 'console', path: 'console', group: 'control', permission: 'websocket.connect' },
  { key: 'files', path: 'files', group: 'control', permission: 'file.read' },
  { key: 'config', path: 'config', group: 'control', permission: 'config.read' },
  { key: 'players', path: 'players', group: 'control', permission: 'players.read' },
  { key: 'backups', path: 'backups', group: 'data', permission: 'backup.read' },
  { key: 'database', path: 'database', group: 'data', permission: 'database.read' },
  { key: 'network', path: 'network', group: 'data', permission: 'allocation.read' },
  { key: 'versions', path: 'minecraft/versions', group: 'software', permission: 'versions.read' },
  { key: 'modpacks', path: 'modpacks', group: 'software', permission: 'modpacks.read' },
  { key: 'extensions', path: 'extensions', group: 'software', permission: 'extensions.read' },
  { key: 'setups', path: 'setups', group: 'software', permission: 'setups.read' },
  { key: 'schedules', path: 'tasks', group: 'automation', permission: 'schedule.read' },
  { key: 'webhooks', path: 'webhooks', group: 'automation', permission: 'webhook.manage' },
  { key: 'notifications', path: 'notifications', group: 'automation', permission: 'notification.read' },
  { key: 'sharing', path: 'sharing', group: 'access', permission: 'user.read' },
  { key: 'sharingRoles', path: 'sharing-edit-roles', group: 'access', permission: 'role.read' },
  { key: 'sharingAuditLog', path: 'sharing-audit-log', group: 'access', permission: 'activity.read' },
  { key: 'upgrade', path: 'upgrade', group: 'plan', permission: 'plan.read' },
  { key: 'upgradePremium', path: 'upgrade/premium', group: 'plan', permission: 'plan.read' },
  { key: 'upgradeQuiz', path: 'upgrade-quiz', group: 'plan', permission: 'plan.read' },
];
