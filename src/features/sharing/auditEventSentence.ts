import type { TFunction } from 'i18next';
import type { ActivityEntry } from './sharingTypes';
import { ACCOUNT_EVENT_SENTENCES } from './accountEventSentences';

/** What a sentence gets to say: the actor's name, the entry's properties and the names of what it refers to by uuid. */
interface SentenceInput {
  actor: string;
  p: Record<string, unknown>;
  /** The name the uuid in property `key` stands for, when the reader's lists know it ('' otherwise). */
  nameOf: (key: string) => string;
}

/** Options of {@link auditEventSentence}. */
export interface SentenceOptions {
  /**
   * The reader's language is written right to left: names, paths and commands are isolated as
   * left-to-right runs (U+2066 … U+2069), so `--rw-r--r--` or `/plugins/a.jar` are not mirrored.
   */
  rtl?: boolean;
  /** Names of the roles, schedules, backups and people the entries refer to by uuid. */
  names?: ReadonlyMap<string, string>;
}

type Sentence = (t: TFunction, input: SentenceInput) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** At most this many names in a sentence; the details column lists them all. */
const NAMES_SHOWN = 5;

/** One entry of a list property as a name: a string, or the name a file effect gives it. */
function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const item = value as Record<string, unknown>;
  if (typeof item.from === 'string') return `${item.from} → ${text(item.to)}`;
  if (typeof item.file === 'string') return typeof item.mode === 'string' ? `${item.file} (${item.mode})` : item.file;
  return text(item.name);
}

/** A list property (names, or entries with one) as "a, b, c …". */
function names(value: unknown): string {
  if (!Array.isArray(value)) return text(value);
  const all = value.map(nameOf).filter(Boolean);
  return all.length > NAMES_SHOWN ? `${all.slice(0, NAMES_SHOWN).join(', ')} …` : all.join(', ');
}

/** A folder as written in a sentence: the server's top folder as "/". */
const folder = (value: unknown): string => text(value) || '/';

// Names, commands and paths are shown as written, never HTML-escaped (React escapes them).
const raw = { escapeValue: false };

/**
 * The sentence of every event the panel writes into a server's audit log (server/src: recordAudit
 * with `server.` events), and of the account's ways in (accountEventSentences.ts), each with its
 * key under `sharing.audit.events`. A test fails when the server can write an event that has none here.
 */
export const AUDIT_EVENT_SENTENCES: Readonly<Record<string, Sentence>> = {
  ...ACCOUNT_EVENT_SENTENCES,
  'server.action-refused': (t, { actor, p }) =>
    t('sharing.audit.events.server.action-refused', '{{actor}} was refused an action that needs the permission {{permission}} ({{action}}).', {
      actor,
      permission: text(p.permission),
      action: text(p.action),
      interpolation: raw,
    }),
  'server.created': (t) => t('sharing.audit.events.server.created', 'The server was created.'),
  'server.ordered': (t, { actor, p }) => t('sharing.audit.events.server.ordered', '{{actor}} ordered the server on plan {{plan}}.', { actor, plan: text(p.plan), interpolation: raw }),
  'server.deleted': (t, { p }) => t('sharing.audit.events.server.deleted', 'The server {{name}} was deleted.', { name: text(p.name), interpolation: raw }),
  'server.suspended': (t) => t('sharing.audit.events.server.suspended', 'The server was suspended.'),
  'server.unsuspended': (t) => t('sharing.audit.events.server.unsuspended', 'The server’s suspension was lifted.'),
  'server.plan-changed': (t, { p }) => t('sharing.audit.events.server.plan-changed', 'The server’s plan changed from {{from}} to {{to}}.', { from: text(p.from), to: text(p.to), interpolation: raw }),
  'server.plan.changed': (t, { actor, p }) =>
    p.via === 'billing'
      ? t('sharing.audit.events.server.plan.changedByBilling', 'The billing system moved the server from plan {{from}} to {{to}}.', { from: text(p.from), to: text(p.to), interpolation: raw })
      : t('sharing.audit.events.server.plan.changed', '{{actor}} moved the server from plan {{from}} to {{to}}.', { actor, from: text(p.from), to: text(p.to), interpolation: raw }),
  'server.plan.order-created': (t, { actor, p }) =>
    t('sharing.audit.events.server.plan.order-created', '{{actor}} ordered plan {{to}}; payment is pending.', { actor, to: text(p.to), interpolation: raw }),
  'server.plan.order-failed': (t, { p }) =>
    t('sharing.audit.events.server.plan.order-failed', 'The billing system reported that the order for a plan change failed: {{reason}}', { reason: text(p.reason), interpolation: raw }),
  'server.transfer.started': (t, { p }) => t('fleet.audit.transferStarted', 'The server is being moved from node {{from}} to node {{to}}.', { from: text(p.from), to: text(p.to), interpolation: raw }),
  'server.transfer.completed': (t, { p }) =>
    t('fleet.audit.transferCompleted', 'The server was moved to node {{to}}; players now reach it at {{address}}.', { to: text(p.to), address: text(p.address), interpolation: raw }),
  'server.transfer.failed': (t, { p }) =>
    t('fleet.audit.transferFailed', 'Moving the server to node {{to}} failed; it stays on node {{from}}.', { from: text(p.from), to: text(p.to), interpolation: raw }),
  'server.installed': (t) => t('sharing.audit.events.server.installed', 'The game was installed.'),
  'server.install-failed': (t) => t('sharing.audit.events.server.install-failed', 'The game could not be installed.'),
  'server.reinstall': (t, { actor }) => t('sharing.audit.events.server.reinstall', '{{actor}} reinstalled the game.', { actor, interpolation: raw }),
  'server.startup.variables-updated': (t, { actor, p }) =>
    t('sharing.audit.events.server.startup.variables-updated', '{{actor}} changed the startup variables {{variables}}.', {
      actor,
      variables: Array.isArray(p.variables) ? p.variables.map(String).join(', ') : '',
      interpolation: raw,
    }),
  'server.startup.image-changed': (t, { actor, p }) =>
    t('sharing.audit.events.server.startup.image-changed', '{{actor}} chose the runtime image {{image}}.', { actor, image: text(p.image), interpolation: raw }),
  'server.startup.command-changed': (t, { actor, p }) =>
    t('sharing.audit.events.server.startup.command-changed', '{{actor}} chose the startup command {{command}}.', { actor, command: text(p.command), interpolation: raw }),
  'server.crashed': (t) => t('sharing.audit.events.server.crashed', 'The server stopped unexpectedly.'),
  'server.power.start': (t, { actor }) => t('sharing.audit.events.server.power.start', '{{actor}} started the server.', { actor, interpolation: raw }),
  'server.power.stop': (t, { actor }) => t('sharing.audit.events.server.power.stop', '{{actor}} stopped the server.', { actor, interpolation: raw }),
  'server.power.restart': (t, { actor }) => t('sharing.audit.events.server.power.restart', '{{actor}} restarted the server.', { actor, interpolation: raw }),
  'server.power.kill': (t, { actor }) => t('sharing.audit.events.server.power.kill', '{{actor}} forced the server to stop.', { actor, interpolation: raw }),
  'server.console.command': (t, { actor, p }) =>
    t('sharing.audit.events.server.console.command', '{{actor}} sent the console command “{{command}}”.', { actor, command: text(p.command), interpolation: raw }),
  'server.config.updated': (t, { actor, p }) =>
    names(p.keys)
      ? t('sharing.audit.events.server.config.updatedKeys', '{{actor}} changed {{keys}} in {{file}}.', { actor, keys: names(p.keys), file: text(p.file), interpolation: raw })
      : t('sharing.audit.events.server.config.updated', '{{actor}} changed the settings in {{file}}.', { actor, file: text(p.file), interpolation: raw }),
  'server.file.write': (t, { actor, p }) => t('sharing.audit.events.server.file.write', '{{actor}} saved the file {{file}}.', { actor, file: text(p.file), interpolation: raw }),
  'server.file.copy': (t, { actor, p }) => t('sharing.audit.events.server.file.copy', '{{actor}} copied {{file}}.', { actor, file: text(p.file), interpolation: raw }),
  'server.file.delete': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.delete', '{{actor}} deleted in {{directory}}: {{files}}.', { actor, directory: folder(p.directory), files: names(p.files), interpolation: raw }),
  'server.file.rename': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.rename', '{{actor}} renamed or moved in {{directory}}: {{files}}.', { actor, directory: folder(p.directory), files: names(p.files), interpolation: raw }),
  'server.file.chmod': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.chmod', '{{actor}} changed permissions in {{directory}}: {{files}}.', { actor, directory: folder(p.directory), files: names(p.files), interpolation: raw }),
  'server.file.upload': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.upload', '{{actor}} uploaded to {{directory}}: {{files}}.', { actor, directory: folder(p.directory), files: names(p.files), interpolation: raw }),
  'server.sftp.login': (t, { actor, p }) =>
    p.method === 'publickey'
      ? t('sftp.audit.loginKey', '{{actor}} connected over SFTP with the SSH key {{fingerprint}}.', { actor, fingerprint: text(p.fingerprint), interpolation: raw })
      : t('sftp.audit.login', '{{actor}} connected over SFTP with their password.', { actor, interpolation: raw }),
  'server.sftp.upload': (t, { actor, p }) => t('sftp.audit.upload', '{{actor}} uploaded over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.sftp.delete': (t, { actor, p }) => t('sftp.audit.delete', '{{actor}} deleted over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.sftp.rename': (t, { actor, p }) => t('sftp.audit.rename', '{{actor}} renamed or moved over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.sftp.create-folder': (t, { actor, p }) => t('sftp.audit.createFolder', '{{actor}} created folders over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.sftp.delete-folder': (t, { actor, p }) => t('sftp.audit.deleteFolder', '{{actor}} deleted folders over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.sftp.chmod': (t, { actor, p }) => t('sftp.audit.chmod', '{{actor}} changed permissions over SFTP: {{files}}.', { actor, files: names(p.files), interpolation: raw }),
  'server.file.create-folder': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.create-folder', '{{actor}} created the folder {{directory}}.', { actor, directory: folder(p.directory), interpolation: raw }),
  'server.file.compress': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.compress', '{{actor}} created the archive {{archive}} in {{directory}}.', {
      actor,
      archive: text(p.archive),
      directory: folder(p.directory),
      interpolation: raw,
    }),
  'server.file.decompress': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.decompress', '{{actor}} extracted {{file}} in {{directory}}.', { actor, file: text(p.file), directory: folder(p.directory), interpolation: raw }),
  'server.file.pull': (t, { actor, p }) =>
    t('sharing.audit.events.server.file.pull', '{{actor}} downloaded {{file}} from {{url}}.', { actor, file: text(p.file), url: text(p.url), interpolation: raw }),
  'server.file.download': (t, { actor, p }) => t('sharing.audit.events.server.file.download', '{{actor}} downloaded the file {{file}}.', { actor, file: text(p.file), interpolation: raw }),
  'server.allocation.create': (t, { actor, p }) => t('sharing.audit.events.server.allocation.create', '{{actor}} added the port {{port}}.', { actor, port: text(p.port), interpolation: raw }),
  'server.allocation.delete': (t, { actor, p }) => t('sharing.audit.events.server.allocation.delete', '{{actor}} removed the port {{port}}.', { actor, port: text(p.port), interpolation: raw }),
  'server.allocation.notes': (t, { actor, p }) =>
    t('sharing.audit.events.server.allocation.notes', '{{actor}} changed the note of the port {{port}}.', { actor, port: text(p.port), interpolation: raw }),
  'server.allocation.primary': (t, { actor, p }) =>
    t('sharing.audit.events.server.allocation.primary', '{{actor}} made the port {{port}} the primary port.', { actor, port: text(p.port), interpolation: raw }),
  'server.subdomain.set': (t, { actor, p }) => t('sharing.audit.events.server.subdomain.set', '{{actor}} set the subdomain {{address}}.', { actor, address: text(p.address), interpolation: raw }),
  'server.subdomain.delete': (t, { actor, p }) =>
    t('sharing.audit.events.server.subdomain.delete', '{{actor}} removed the subdomain {{address}}.', { actor, address: text(p.address), interpolation: raw }),
  'server.backup.create': (t, { actor, p }) => t('sharing.audit.events.server.backup.create', '{{actor}} started the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.backup.completed': (t, { nameOf }) =>
    nameOf('backup')
      ? t('sharing.audit.events.server.backup.completedNamed', 'The backup {{name}} was completed.', { name: nameOf('backup'), interpolation: raw })
      : t('sharing.audit.events.server.backup.completed', 'A backup was completed.'),
  'server.backup.failed': (t, { nameOf }) =>
    nameOf('backup')
      ? t('sharing.audit.events.server.backup.failedNamed', 'The backup {{name}} failed.', { name: nameOf('backup'), interpolation: raw })
      : t('sharing.audit.events.server.backup.failed', 'A backup failed.'),
  'server.backup.rotated': (t) => t('sharing.audit.events.server.backup.rotated', 'The oldest backup was deleted to make room for a new one.'),
  'server.backup.settings': (t, { actor }) => t('sharing.audit.events.server.backup.settings', '{{actor}} changed the backup settings.', { actor, interpolation: raw }),
  'server.backup.lock': (t, { actor, p }) => t('sharing.audit.events.server.backup.lock', '{{actor}} locked the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.backup.unlock': (t, { actor, p }) => t('sharing.audit.events.server.backup.unlock', '{{actor}} unlocked the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.backup.delete': (t, { actor, p }) => t('sharing.audit.events.server.backup.delete', '{{actor}} deleted the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.backup.download': (t, { actor, p }) => t('sharing.audit.events.server.backup.download', '{{actor}} downloaded the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.backup.restore': (t, { actor, p }) => t('sharing.audit.events.server.backup.restore', '{{actor}} restored the backup {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.database.create': (t, { actor, p }) => t('sharing.audit.events.server.database.create', '{{actor}} created the database {{name}}.', { actor, name: text(p.database), interpolation: raw }),
  'server.database.rotate-password': (t, { actor, p }) =>
    t('sharing.audit.events.server.database.rotatePassword', '{{actor}} gave the database {{name}} a new password.', { actor, name: text(p.database), interpolation: raw }),
  'server.database.delete': (t, { actor, p }) => t('sharing.audit.events.server.database.delete', '{{actor}} deleted the database {{name}}.', { actor, name: text(p.database), interpolation: raw }),
  'server.backup.restore-refused': (t, { actor }) =>
    t('sharing.audit.events.server.backup.restore-refused', '{{actor}} could not restore a backup: the archive is damaged.', { actor, interpolation: raw }),
  'server.backup.restore-recovered': (t, { p }) =>
    text(p.outcome).replace(/[\u2066-\u2069]/g, '') === 'finished'
      ? t('sharing.audit.events.server.backup.restore-finished', 'A restore interrupted by a panel restart was completed.')
      : t('sharing.audit.events.server.backup.restore-rolled-back', 'A restore interrupted by a panel restart was undone.'),
  'server.role.created': (t, { actor, p }) => t('sharing.audit.events.server.role.created', '{{actor}} created the role {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.role.updated': (t, { actor, p }) => t('sharing.audit.events.server.role.updated', '{{actor}} changed the role {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.role.deleted': (t, { actor, p }) => t('sharing.audit.events.server.role.deleted', '{{actor}} deleted the role {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.subuser.created': (t, { actor, p }) => t('sharing.audit.events.server.subuser.created', '{{actor}} invited {{email}}.', { actor, email: text(p.email), interpolation: raw }),
  'server.subuser.updated': (t, { actor, p }) => t('sharing.audit.events.server.subuser.updated', '{{actor}} changed the access of {{email}}.', { actor, email: text(p.email), interpolation: raw }),
  'server.subuser.deleted': (t, { actor, p }) => t('sharing.audit.events.server.subuser.deleted', '{{actor}} removed the access of {{email}}.', { actor, email: text(p.email), interpolation: raw }),
  'server.invitation.accepted': (t, { actor, p }) =>
    t('sharing.audit.events.server.invitation.accepted', '{{actor}} accepted the invitation sent to {{email}}.', { actor, email: text(p.invited_email), interpolation: raw }),
  'server.invitation.declined': (t, { actor, p }) =>
    t('sharing.audit.events.server.invitation.declined', '{{actor}} declined the invitation sent to {{email}}.', { actor, email: text(p.invited_email), interpolation: raw }),
  'server.players.kicked': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.kicked', '{{actor}} kicked {{name}} ({{reason}}).', { actor, name: text(p.name), reason: text(p.reason), interpolation: raw }),
  'server.players.banned': (t, { actor, p }) =>
    p.expires_at
      ? t('sharing.audit.events.server.players.tempbanned', '{{actor}} banned {{name}} until {{expires}} ({{reason}}).', {
          actor,
          name: text(p.name),
          reason: text(p.reason),
          expires: text(p.expires_at),
          interpolation: raw,
        })
      : t('sharing.audit.events.server.players.banned', '{{actor}} banned {{name}} ({{reason}}).', { actor, name: text(p.name), reason: text(p.reason), interpolation: raw }),
  'server.players.pardoned': (t, { actor, p }) => t('sharing.audit.events.server.players.pardoned', '{{actor}} pardoned {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.players.ip-banned': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.ip-banned', '{{actor}} banned the IP address {{ip}} ({{reason}}).', { actor, ip: text(p.ip), reason: text(p.reason), interpolation: raw }),
  'server.players.ip-pardoned': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.ip-pardoned', '{{actor}} lifted the ban on the IP address {{ip}}.', { actor, ip: text(p.ip), interpolation: raw }),
  'server.players.opped': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.opped', '{{actor}} made {{name}} an operator (level {{level}}).', { actor, name: text(p.name), level: text(p.level), interpolation: raw }),
  'server.players.deopped': (t, { actor, p }) => t('sharing.audit.events.server.players.deopped', '{{actor}} removed {{name}} from the operators.', { actor, name: text(p.name), interpolation: raw }),
  'server.players.whitelist-added': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.whitelist-added', '{{actor}} added {{name}} to the whitelist.', { actor, name: text(p.name), interpolation: raw }),
  'server.players.whitelist-removed': (t, { actor, p }) =>
    t('sharing.audit.events.server.players.whitelist-removed', '{{actor}} removed {{name}} from the whitelist.', { actor, name: text(p.name), interpolation: raw }),
  'server.players.whitelist-enabled': (t, { actor }) => t('sharing.audit.events.server.players.whitelist-enabled', '{{actor}} turned the whitelist on.', { actor, interpolation: raw }),
  'server.players.whitelist-disabled': (t, { actor }) => t('sharing.audit.events.server.players.whitelist-disabled', '{{actor}} turned the whitelist off.', { actor, interpolation: raw }),
  'server.sleep.updated': (t, { actor, p }) =>
    t('sharing.audit.events.server.sleep.updated', '{{actor}} changed sleep and wake-up: stop after {{minutes}} idle minutes, start on join {{wake}}.', {
      actor,
      minutes: typeof p.auto_stop_minutes === 'number' ? String(p.auto_stop_minutes) : t('sharing.audit.never', 'never'),
      wake: p.wake_on_join === true ? t('sharing.audit.on', 'on') : t('sharing.audit.off', 'off'),
      interpolation: raw,
    }),
  'server.thresholds.updated': (t, { actor }) => t('sharing.audit.events.server.thresholds.updated', '{{actor}} changed the resource thresholds.', { actor, interpolation: raw }),
  'server.crash-policy.updated': (t, { actor, p }) => {
    const after = (p.after ?? {}) as Record<string, unknown>;
    return after.enabled === false
      ? t('sharing.audit.events.server.crash-policy.off', '{{actor}} turned automatic restarts after a crash off.', { actor, interpolation: raw })
      : t('sharing.audit.events.server.crash-policy.updated', '{{actor}} set restarts after a crash to at most {{max}} within {{minutes}} minutes.', {
          actor,
          max: text(after.max_restarts),
          minutes: text(after.window_minutes),
          interpolation: raw,
        });
  },
  'server.woken': (t, { p }) => t('sharing.audit.events.server.woken', 'The server was woken up because {{player}} tried to join.', { player: text(p.player), interpolation: raw }),
  'server.auto-stopped': (t, { p }) =>
    t('sharing.audit.events.server.auto-stopped', 'The server was stopped after {{minutes}} minutes without players.', { minutes: text(p.idle_minutes), interpolation: raw }),
  'server.webhook.create': (t, { actor, p }) => t('sharing.audit.events.server.webhook.create', '{{actor}} added the webhook {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.webhook.update': (t, { actor, p }) => t('sharing.audit.events.server.webhook.update', '{{actor}} changed the webhook {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.webhook.delete': (t, { actor, p }) => t('sharing.audit.events.server.webhook.delete', '{{actor}} deleted the webhook {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.notifications.updated': (t, { actor }) => t('sharing.audit.events.server.notifications.updated', '{{actor}} changed which notifications they receive.', { actor, interpolation: raw }),
  'server.webhook.test': (t, { actor, p }) => t('sharing.audit.events.server.webhook.test', '{{actor}} sent a test to the webhook {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.schedule.create': (t, { actor, p }) => t('sharing.audit.events.server.schedule.create', '{{actor}} created the schedule {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.schedule.update': (t, { actor, p }) => t('sharing.audit.events.server.schedule.update', '{{actor}} changed the schedule {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.schedule.delete': (t, { actor, p }) => t('sharing.audit.events.server.schedule.delete', '{{actor}} deleted the schedule {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'server.schedule.task.create': (t, { actor, p }) =>
    t('sharing.audit.events.server.schedule.task.create', '{{actor}} added a {{action}} task to a schedule.', { actor, action: text(p.action), interpolation: raw }),
  'server.schedule.task.update': (t, { actor, nameOf }) =>
    nameOf('schedule')
      ? t('sharing.audit.events.server.schedule.task.updateNamed', '{{actor}} changed a task of the schedule {{name}}.', { actor, name: nameOf('schedule'), interpolation: raw })
      : t('sharing.audit.events.server.schedule.task.update', '{{actor}} changed a task of a schedule.', { actor, interpolation: raw }),
  'server.schedule.task.delete': (t, { actor, nameOf }) =>
    nameOf('schedule')
      ? t('sharing.audit.events.server.schedule.task.deleteNamed', '{{actor}} removed a task from the schedule {{name}}.', { actor, name: nameOf('schedule'), interpolation: raw })
      : t('sharing.audit.events.server.schedule.task.delete', '{{actor}} removed a task from a schedule.', { actor, interpolation: raw }),
  'server.schedule.run': (t, { actor, p }) => t('sharing.audit.events.server.schedule.run', '{{actor}} ran the schedule {{name}} now.', { actor, name: text(p.name), interpolation: raw }),
  'server.schedule.completed': (t, { p }) => {
    const result = text(p.result).replace(/[\u2066-\u2069]/g, '');
    if (result === 'ok') return t('sharing.audit.events.server.schedule.succeeded', 'The schedule {{name}} ran and succeeded.', { name: text(p.name), interpolation: raw });
    if (result === 'skipped')
      return t('sharing.audit.events.server.schedule.skipped', 'The schedule {{name}} was skipped: {{reason}}', { name: text(p.name), reason: text(p.reason), interpolation: raw });
    return t('sharing.audit.events.server.schedule.failed', 'The schedule {{name}} failed: {{reason}}', { name: text(p.name), reason: text(p.reason), interpolation: raw });
  },
  'server.versions.switch': (t, { actor, p }) =>
    t('sharing.audit.events.server.versions.switch', '{{actor}} started a switch to {{software}} {{version}}.', { actor, software: text(p.software), version: text(p.version), interpolation: raw }),
  'server.versions.switched': (t, { p }) =>
    t('sharing.audit.events.server.versions.switched', 'The server now runs {{software}} {{version}}.', { software: text(p.software), version: text(p.version), interpolation: raw }),
  'server.versions.switch-failed': (t, { p }) =>
    t('sharing.audit.events.server.versions.switch-failed', 'The switch to {{software}} {{version}} failed and was rolled back: {{reason}}', {
      software: text(p.software),
      version: text(p.version),
      reason: text(p.reason),
      interpolation: raw,
    }),
  'server.setups.apply': (t, { actor, p }) => t('sharing.audit.events.server.setups.apply', '{{actor}} applied the setup {{setup}}.', { actor, setup: text(p.setup), interpolation: raw }),
  'server.setups.applied': (t, { p }) => t('sharing.audit.events.server.setups.applied', 'The setup {{setup}} is in place.', { setup: text(p.setup), interpolation: raw }),
  'server.setups.failed': (t, { p }) =>
    t('sharing.audit.events.server.setups.failed', 'The setup {{setup}} failed and was rolled back: {{reason}}', { setup: text(p.setup), reason: text(p.reason), interpolation: raw }),
  'server.extensions.install': (t, { actor, p }) =>
    t('extensions.audit.install', '{{actor}} installed {{project}} {{version}} ({{file}}).', { actor, project: text(p.project), version: text(p.version), file: text(p.file), interpolation: raw }),
  'server.extensions.update': (t, { actor, p }) =>
    t('extensions.audit.update', '{{actor}} updated {{project}} from {{from}} to {{version}}.', { actor, project: text(p.project), from: text(p.from), version: text(p.version), interpolation: raw }),
  'server.extensions.enable': (t, { actor, p }) =>
    t('extensions.audit.enable', '{{actor}} enabled {{project}} ({{file}}).', { actor, project: text(p.project), file: text(p.file), interpolation: raw }),
  'server.extensions.disable': (t, { actor, p }) =>
    t('extensions.audit.disable', '{{actor}} disabled {{project}} ({{file}}).', { actor, project: text(p.project), file: text(p.file), interpolation: raw }),
  'server.extensions.remove': (t, { actor, p }) =>
    t('extensions.audit.remove', '{{actor}} removed {{project}} ({{file}}).', { actor, project: text(p.project), file: text(p.file), interpolation: raw }),
  'server.modpacks.install': (t, { actor, p }) =>
    t('modpacks.audit.install', '{{actor}} started installing the modpack {{pack}} {{version}}.', { actor, pack: text(p.pack), version: text(p.version), interpolation: raw }),
  'server.modpacks.installed': (t, { p }) => t('modpacks.audit.installed', 'The modpack {{pack}} {{version}} is installed.', { pack: text(p.pack), version: text(p.packVersion), interpolation: raw }),
  'server.modpacks.install-failed': (t, { p }) =>
    t('modpacks.audit.failed', 'Installing the modpack {{pack}} {{version}} failed and was rolled back: {{reason}}', {
      pack: text(p.pack),
      version: text(p.packVersion),
      reason: text(p.reason),
      interpolation: raw,
    }),
};

/**
 * An audit entry told as a sentence in the reader's language, or null when its event has no
 * sentence (the raw event key is shown then). Event keys live under `sharing.audit.events`.
 */
export function auditEventSentence(t: TFunction, entry: ActivityEntry, { rtl = false, names: known }: SentenceOptions = {}): string | null {
  const sentence = Object.hasOwn(AUDIT_EVENT_SENTENCES, entry.event) ? AUDIT_EVENT_SENTENCES[entry.event] : undefined;
  if (!sentence) return null;
  const properties = entry.properties ?? {};
  const p = rtl ? Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, isolated(value)])) : properties;
  const actor = entry.actor ? (rtl ? ltrRun(entry.actor.username) : entry.actor.username) : t('sharing.audit.system', 'The panel');
  // Looked up in the untouched properties (isolation marks would hide the uuid), isolated like them.
  const nameOf = (key: string): string => {
    const id = properties[key];
    const name = typeof id === 'string' ? known?.get(id) : undefined;
    return name ? (rtl ? ltrRun(name) : name) : '';
  };
  return sentence(t, { actor, p, nameOf });
}

/** A left-to-right isolate (LRI … PDI) around `text`. */
const ltrRun = (text: string): string => `\u2066${text}\u2069`;

/** A property with its text isolated left to right (in lists, each name on its own). */
function isolated(value: unknown): unknown {
  if (typeof value === 'string') return value ? ltrRun(value) : value;
  if (Array.isArray(value))
    return value.map((item) =>
      typeof item === 'string'
        ? ltrRun(item)
        : item && typeof item === 'object'
          ? Object.fromEntries(Object.entries(item as Record<string, unknown>).map(([key, inner]) => [key, typeof inner === 'string' ? ltrRun(inner) : inner]))
          : item,
    );
  return value;
}
