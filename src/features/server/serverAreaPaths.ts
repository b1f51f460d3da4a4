/** The sections the area navigation groups areas into. */
export type ServerAreaGroup = 'control' | 'data' | 'software' | 'automation' | 'access' | 'plan';

/** Where one server area lives under /server/{id}/ and which navigation group it belongs to. */
export interface ServerAreaPath {
  key: string;
  /** Path under /server/{id}/; empty for the overview. */
  path: string;
  group: ServerAreaGroup;
}

/**
 * The overview at /server/{id} followed by the specification's 18 areas, in navigation order.
 * Plain data without icons or texts: the route table (in the entry chunk) needs only this.
 */
export const serverAreaPaths: readonly ServerAreaPath[] = [
  { key: 'overview', path: '', group: 'control' },
  { key: 'console', path: 'console', group: 'control' },
  { key: 'files', path: 'files', group: 'control' },
  { key: 'config', path: 'config', group: 'control' },
  { key: 'players', path: 'players', group: 'control' },
  { key: 'backups', path: 'backups', group: 'data' },
  { key: 'database', path: 'database', group: 'data' },
  { key: 'network', path: 'network', group: 'data' },
  { key: 'versions', path: 'minecraft/versions', group: 'software' },
  { key: 'modpacks', path: 'modpacks', group: 'software' },
  { key: 'extensions', path: 'extensions', group: 'software' },
  { key: 'setups', path: 'setups', group: 'software' },
  { key: 'tasks', path: 'tasks', group: 'automation' },
  { key: 'sharing', path: 'sharing', group: 'access' },
  { key: 'sharingRoles', path: 'sharing-edit-roles', group: 'access' },
  { key: 'sharingAuditLog', path: 'sharing-audit-log', group: 'access' },
  { key: 'upgrade', path: 'upgrade', group: 'plan' },
  { key: 'upgradePremium', path: 'upgrade/premium', group: 'plan' },
  { key: 'upgradeQuiz', path: 'upgrade-quiz', group: 'plan' },
];
