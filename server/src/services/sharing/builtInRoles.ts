import { permissionKeys, type PermissionKey } from '../../schemas/permissions';

/** A role every server offers, defined in code; copied (POST a custom role with its keys) to be used. */
export interface BuiltInRole {
  key: 'viewer' | 'moderator' | 'admin';
  name: string;
  description: string;
  permissions: PermissionKey[];
}

const viewerKeys: PermissionKey[] = [
  'websocket.connect',
  'activity.read',
  'crash.read',
  'threshold.read',
  'file.read',
  'file.read-content',
  'backup.read',
  'database.read',
  'allocation.read',
  'startup.read',
  'schedule.read',
  'players.read',
  'config.read',
  'versions.read',
  'modpacks.read',
  'extensions.read',
  'setups.read',
  'plan.read',
];
const viewer: PermissionKey[] = permissionKeys.filter((key) => viewerKeys.includes(key));

const moderatorExtra: PermissionKey[] = ['control.console', 'control.start', 'control.stop', 'control.restart', 'crash.update', 'threshold.update', 'players.manage'];
// Registry order, like every key list the API answers with.
const moderator: PermissionKey[] = permissionKeys.filter((key) => viewer.includes(key) || moderatorExtra.includes(key));

/**
 * Admin: everything except managing who else has access (user.*, role.*), so an admin cannot
 * hand out access or reshape roles; sharing stays with the owner and those given user/role keys
 * explicitly. Plan changes cost the owner money: plan.change stays with the owner unless granted
 * on its own.
 */
const admin: PermissionKey[] = permissionKeys.filter((key) => !key.startsWith('user.') && !key.startsWith('role.') && key !== 'plan.change');

/** The built-in roles, in the order the roles screen lists them. */
export const builtInRoles: readonly BuiltInRole[] = [
  { key: 'viewer', name: 'Viewer', description: 'Sees the console, state, files, configuration, backups and activity; changes nothing.', permissions: viewer },
  {
    key: 'moderator',
    name: 'Moderator',
    description: 'A viewer who may also send console commands, start, stop and restart the server, choose its restart policy after a crash and manage players.',
    permissions: moderator,
  },
  { key: 'admin', name: 'Admin', description: 'Everything except sharing the server, managing roles and changing the plan.', permissions: admin },
];
