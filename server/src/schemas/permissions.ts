/**
 * Every permission key a user can hold on a server, grouped by area. The owner and root admins hold
 * all of them; people a server is shared with hold the keys granted to them. Areas that come later
 * (files, backups, players ...) check these same keys, so a grant made today keeps its meaning.
 *
 * Each key has an English description; clients translate it under `permissions.<group>.<action>`.
 */
export const permissionGroups = {
  websocket: { description: 'Connect to the live console and statistics of this server.', keys: { connect: 'Open the live console socket (required to see output and stats in real time).' } },
  control: {
    description: 'Control the power state of the server and send console commands.',
    keys: {
      console: 'Send commands to the server console.',
      start: 'Start the server when it is stopped.',
      stop: 'Stop the server (and kill it when a stop hangs).',
      restart: 'Restart the server.',
    },
  },
  crash: {
    description: 'See the server’s crashes and choose whether it is restarted after one.',
    keys: {
      read: 'See the crashes with their last console lines, and the restart policy.',
      update: 'Change the automatic restart policy after a crash.',
    },
  },
  threshold: {
    description: 'Watch the server’s CPU, memory and disk use.',
    keys: {
      read: 'See the resource thresholds and which of them are exceeded.',
      update: 'Change the resource thresholds (they fire events, webhooks and schedules).',
    },
  },
  user: {
    description: 'Share the server with other people.',
    keys: {
      create: 'Invite people to this server.',
      read: 'See who the server is shared with and their permissions.',
      update: 'Change what people this server is shared with may do.',
      delete: 'Remove people from this server.',
    },
  },
  role: {
    description: 'Manage the named permission sets (roles) used for sharing.',
    keys: { create: 'Create roles.', read: 'See roles.', update: 'Change roles.', delete: 'Delete roles.' },
  },
  activity: { description: 'See what happened on this server.', keys: { read: 'Read the audit log of this server.' } },
  file: {
    description: 'Manage the files of the server.',
    keys: {
      create: 'Create files and folders and upload files.',
      read: 'List folders and see file details (names, sizes, dates).',
      'read-content': 'Open and download files.',
      update: 'Change, rename, move and copy files.',
      delete: 'Delete files and folders.',
      archive: 'Compress and extract archives.',
      sftp: 'Connect over SFTP (each operation also needs the file permission it uses).',
    },
  },
  backup: {
    description: 'Manage the backups of the server.',
    keys: {
      create: 'Create backups.',
      read: 'See the list of backups.',
      delete: 'Delete backups.',
      download: 'Download backups.',
      restore: 'Restore a backup (replaces the current files).',
      lock: 'Lock and unlock backups (a locked backup cannot be deleted or rotated away).',
    },
  },
  database: {
    description: 'Manage databases for plugins and mods.',
    keys: {
      create: 'Create databases.',
      read: 'See databases (without passwords).',
      update: 'Rotate database passwords.',
      delete: 'Delete databases.',
      view_password: 'See database passwords and connection strings.',
    },
  },
  allocation: {
    description: 'Manage the network ports of the server.',
    keys: {
      read: 'See the server’s ports.',
      create: 'Add ports.',
      update: 'Change port notes and the primary port.',
      delete: 'Remove ports.',
      subdomain: 'Choose and remove the server’s subdomain (its DNS records).',
    },
  },
  startup: {
    description: 'Manage how the server starts.',
    keys: { read: 'See the startup variables.', update: 'Change the startup variables.', 'docker-image': 'Choose the runtime image (the Java version and the like).' },
  },
  settings: {
    description: 'Change the server’s basic settings.',
    keys: { rename: 'Rename the server and change its description.', reinstall: 'Reinstall the server.' },
  },
  schedule: {
    description: 'Manage scheduled tasks.',
    keys: { create: 'Create schedules.', read: 'See schedules and their history.', update: 'Change and run schedules.', delete: 'Delete schedules.' },
  },
  players: {
    description: 'Manage the players of the game.',
    keys: { read: 'See online players, bans, operators and the whitelist.', manage: 'Kick, ban, pardon, op, deop and change the whitelist.' },
  },
  config: {
    description: 'Edit the game configuration (server.properties and the like).',
    keys: { read: 'See the configuration.', update: 'Change the configuration.' },
  },
  versions: {
    description: 'Switch the server software and game version.',
    keys: { read: 'See the installed and available versions.', update: 'Switch the software or version.' },
  },
  modpacks: { description: 'Install modpacks.', keys: { read: 'Browse modpacks.', install: 'Install a modpack (replaces the server’s files).' } },
  extensions: {
    description: 'Manage plugins and mods.',
    keys: { read: 'See installed and available plugins and mods.', manage: 'Install, update and remove plugins and mods.' },
  },
  setups: { description: 'Apply one-click setups.', keys: { read: 'Browse setups.', apply: 'Apply a setup (reinstalls the server).' } },
  plan: {
    description: 'See and change the server’s plan.',
    keys: {
      read: 'See the plans of this game, the usage they are checked against and the plan orders.',
      change: 'Change the server’s plan (upgrades cost money; only the owner by default).',
    },
  },
  webhook: {
    description: 'Send the server’s events to other services.',
    keys: { manage: 'See, add, change, test and delete webhooks (they send the server’s events to other addresses).' },
  },
  notification: {
    description: 'Be told what happens on the server.',
    keys: { read: 'Receive this server’s notifications in the panel and by mail, and choose which ones.' },
  },
} as const satisfies Record<string, { description: string; keys: Record<string, string> }>;

type Groups = typeof permissionGroups;

/** A permission key such as `control.console` or `file.read-content`. */
export type PermissionKey = { [G in keyof Groups]: `${G & string}.${keyof Groups[G]['keys'] & string}` }[keyof Groups];

/** Every key, in registry order. */
export const permissionKeys: readonly PermissionKey[] = Object.entries(permissionGroups).flatMap(([group, { keys }]) => Object.keys(keys).map((action) => `${group}.${action}` as PermissionKey));

const keySet = new Set<string>(permissionKeys);

/** Whether a string is a known permission key. */
export function isPermissionKey(value: string): value is PermissionKey {
  return keySet.has(value);
}
