import type { TFunction } from 'i18next';

type Text = (t: TFunction) => string;

/*
 * The translated texts of every permission key and group, written out so that the translation
 * catalogue lists them (keys built at run time would not be extracted). The API's English
 * description is the fallback for a key added on the server before its text is added here.
 */
const groupTitles: Record<string, Text> = {
  websocket: (t) => t('permissions.websocket.title', 'Live connection'),
  control: (t) => t('permissions.control.title', 'Console and power'),
  crash: (t) => t('permissions.crash.title', 'Crashes'),
  threshold: (t) => t('permissions.threshold.title', 'Resource thresholds'),
  user: (t) => t('permissions.user.title', 'Sharing'),
  role: (t) => t('permissions.role.title', 'Roles'),
  activity: (t) => t('permissions.activity.title', 'Audit log'),
  file: (t) => t('permissions.file.title', 'Files'),
  backup: (t) => t('permissions.backup.title', 'Backups'),
  database: (t) => t('permissions.database.title', 'Databases'),
  allocation: (t) => t('permissions.allocation.title', 'Network'),
  startup: (t) => t('permissions.startup.title', 'Startup'),
  settings: (t) => t('permissions.settings.title', 'Settings'),
  schedule: (t) => t('permissions.schedule.title', 'Scheduled tasks'),
  players: (t) => t('permissions.players.title', 'Players'),
  config: (t) => t('permissions.config.title', 'Configuration'),
  versions: (t) => t('permissions.versions.title', 'Versions'),
  modpacks: (t) => t('permissions.modpacks.title', 'Modpacks'),
  extensions: (t) => t('permissions.extensions.title', 'Plugins and mods'),
  setups: (t) => t('permissions.setups.title', 'Setups'),
  plan: (t) => t('permissions.plan.title', 'Plan'),
  webhook: (t) => t('permissions.webhook.title', 'Webhooks'),
  notification: (t) => t('permissions.notification.title', 'Notifications'),
};

const groupDescriptions: Record<string, Text> = {
  websocket: (t) => t('permissions.websocket.description', 'Connect to the live console and statistics of this server.'),
  control: (t) => t('permissions.control.description', 'Control the power state of the server and send console commands.'),
  crash: (t) => t('permissions.crash.description', 'See the server’s crashes and choose whether it is restarted after one.'),
  threshold: (t) => t('permissions.threshold.description', 'Watch the server’s CPU, memory and disk use.'),
  user: (t) => t('permissions.user.description', 'Share the server with other people.'),
  role: (t) => t('permissions.role.description', 'Manage the named permission sets (roles) used for sharing.'),
  activity: (t) => t('permissions.activity.description', 'See what happened on this server.'),
  file: (t) => t('permissions.file.description', 'Manage the files of the server.'),
  backup: (t) => t('permissions.backup.description', 'Manage the backups of the server.'),
  database: (t) => t('permissions.database.description', 'Manage databases for plugins and mods.'),
  allocation: (t) => t('permissions.allocation.description', 'Manage the network ports of the server.'),
  startup: (t) => t('permissions.startup.description', 'Manage how the server starts.'),
  settings: (t) => t('permissions.settings.description', 'Change the server’s basic settings.'),
  schedule: (t) => t('permissions.schedule.description', 'Manage scheduled tasks.'),
  players: (t) => t('permissions.players.description', 'Manage the players of the game.'),
  config: (t) => t('permissions.config.description', 'Edit the game configuration (server.properties and the like).'),
  versions: (t) => t('permissions.versions.description', 'Switch the server software and game version.'),
  modpacks: (t) => t('permissions.modpacks.description', 'Install modpacks.'),
  extensions: (t) => t('permissions.extensions.description', 'Manage plugins and mods.'),
  setups: (t) => t('permissions.setups.description', 'Apply one-click setups.'),
  plan: (t) => t('permissions.plan.description', 'See and change the server’s plan.'),
  webhook: (t) => t('permissions.webhook.description', 'Send the server’s events to other services.'),
  notification: (t) => t('permissions.notification.description', 'Be told what happens on the server.'),
};

const keyTexts: Record<string, Text> = {
  'websocket.connect': (t) => t('permissions.websocket.connect', 'Open the live console socket (required to see output and stats in real time).'),
  'control.console': (t) => t('permissions.control.console', 'Send commands to the server console.'),
  'control.start': (t) => t('permissions.control.start', 'Start the server when it is stopped.'),
  'control.stop': (t) => t('permissions.control.stop', 'Stop the server (and kill it when a stop hangs).'),
  'control.restart': (t) => t('permissions.control.restart', 'Restart the server.'),
  'user.create': (t) => t('permissions.user.create', 'Invite people to this server.'),
  'user.read': (t) => t('permissions.user.read', 'See who the server is shared with and their permissions.'),
  'user.update': (t) => t('permissions.user.update', 'Change what people this server is shared with may do.'),
  'user.delete': (t) => t('permissions.user.delete', 'Remove people from this server.'),
  'role.create': (t) => t('permissions.role.create', 'Create roles.'),
  'role.read': (t) => t('permissions.role.read', 'See roles.'),
  'role.update': (t) => t('permissions.role.update', 'Change roles.'),
  'role.delete': (t) => t('permissions.role.delete', 'Delete roles.'),
  'activity.read': (t) => t('permissions.activity.read', 'Read the audit log of this server.'),
  'crash.read': (t) => t('permissions.crash.read', 'See the crashes with their last console lines, and the restart policy.'),
  'crash.update': (t) => t('permissions.crash.update', 'Change the automatic restart policy after a crash.'),
  'threshold.read': (t) => t('permissions.threshold.read', 'See the resource thresholds and which of them are exceeded.'),
  'threshold.update': (t) => t('permissions.threshold.update', 'Change the resource thresholds (they fire events, webhooks and schedules).'),
  'file.create': (t) => t('permissions.file.create', 'Create files and folders and upload files.'),
  'file.read': (t) => t('permissions.file.read', 'List folders and see file details (names, sizes, dates).'),
  'file.read-content': (t) => t('permissions.file.read-content', 'Open and download files.'),
  'file.update': (t) => t('permissions.file.update', 'Change, rename, move and copy files.'),
  'file.delete': (t) => t('permissions.file.delete', 'Delete files and folders.'),
  'file.archive': (t) => t('permissions.file.archive', 'Compress and extract archives.'),
  'file.sftp': (t) => t('permissions.file.sftp', 'Connect over SFTP (each operation also needs the file permission it uses).'),
  'backup.create': (t) => t('permissions.backup.create', 'Create backups.'),
  'backup.read': (t) => t('permissions.backup.read', 'See the list of backups.'),
  'backup.delete': (t) => t('permissions.backup.delete', 'Delete backups.'),
  'backup.download': (t) => t('permissions.backup.download', 'Download backups.'),
  'backup.restore': (t) => t('permissions.backup.restore', 'Restore a backup (replaces the current files).'),
  'backup.lock': (t) => t('permissions.backup.lock', 'Lock and unlock backups (a locked backup cannot be deleted or rotated away).'),
  'database.create': (t) => t('permissions.database.create', 'Create databases.'),
  'database.read': (t) => t('permissions.database.read', 'See databases (without passwords).'),
  'database.update': (t) => t('permissions.database.update', 'Rotate database passwords.'),
  'database.delete': (t) => t('permissions.database.delete', 'Delete databases.'),
  'database.view_password': (t) => t('permissions.database.view_password', 'See database passwords and connection strings.'),
  'allocation.read': (t) => t('permissions.allocation.read', 'See the server’s ports.'),
  'allocation.create': (t) => t('permissions.allocation.create', 'Add ports.'),
  'allocation.update': (t) => t('permissions.allocation.update', 'Change port notes and the primary port.'),
  'allocation.delete': (t) => t('permissions.allocation.delete', 'Remove ports.'),
  'allocation.subdomain': (t) => t('permissions.allocation.subdomain', 'Choose and remove the server’s subdomain (its DNS records).'),
  'startup.read': (t) => t('permissions.startup.read', 'See the startup variables.'),
  'startup.update': (t) => t('permissions.startup.update', 'Change the startup variables.'),
  'startup.docker-image': (t) => t('permissions.startup.dockerImage', 'Choose the runtime image (the Java version and the like).'),
  'settings.rename': (t) => t('permissions.settings.rename', 'Rename the server and change its description.'),
  'settings.reinstall': (t) => t('permissions.settings.reinstall', 'Reinstall the server.'),
  'schedule.create': (t) => t('permissions.schedule.create', 'Create schedules.'),
  'schedule.read': (t) => t('permissions.schedule.read', 'See schedules and their history.'),
  'schedule.update': (t) => t('permissions.schedule.update', 'Change and run schedules.'),
  'schedule.delete': (t) => t('permissions.schedule.delete', 'Delete schedules.'),
  'players.read': (t) => t('permissions.players.read', 'See online players, bans, operators and the whitelist.'),
  'players.manage': (t) => t('permissions.players.manage', 'Kick, ban, pardon, op, deop and change the whitelist.'),
  'config.read': (t) => t('permissions.config.read', 'See the configuration.'),
  'config.update': (t) => t('permissions.config.update', 'Change the configuration.'),
  'versions.read': (t) => t('permissions.versions.read', 'See the installed and available versions.'),
  'versions.update': (t) => t('permissions.versions.update', 'Switch the software or version.'),
  'modpacks.read': (t) => t('permissions.modpacks.read', 'Browse modpacks.'),
  'modpacks.install': (t) => t('permissions.modpacks.install', 'Install a modpack (replaces the server’s files).'),
  'extensions.read': (t) => t('permissions.extensions.read', 'See installed and available plugins and mods.'),
  'extensions.manage': (t) => t('permissions.extensions.manage', 'Install, update and remove plugins and mods.'),
  'setups.read': (t) => t('permissions.setups.read', 'Browse setups.'),
  'setups.apply': (t) => t('permissions.setups.apply', 'Apply a setup (reinstalls the server).'),
  'plan.read': (t) => t('permissions.plan.read', 'See the plans of this game, the usage they are checked against and the plan orders.'),
  'plan.change': (t) => t('permissions.plan.change', 'Change the server’s plan (upgrades cost money; only the owner by default).'),
  'webhook.manage': (t) => t('permissions.webhook.manage', 'See, add, change, test and delete webhooks (they send the server’s events to other addresses).'),
  'notification.read': (t) => t('permissions.notification.read', 'Receive this server’s notifications in the panel and by mail, and choose which ones.'),
};

/** The translated title of a permission group, e.g. "Files" for `file`; the group name when unknown. */
export function permissionGroupTitle(t: TFunction, group: string): string {
  return groupTitles[group]?.(t) ?? group;
}

/** The translated description of a permission group, or the API's English one when unknown. */
export function permissionGroupDescription(t: TFunction, group: string, fallback: string): string {
  return groupDescriptions[group]?.(t) ?? fallback;
}

/** The translated, plain-language description of a key such as `file.read`, or the API's English one. */
export function permissionKeyText(t: TFunction, key: string, fallback: string = key): string {
  return keyTexts[key]?.(t) ?? fallback;
}
