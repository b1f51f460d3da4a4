import type { TFunction } from 'i18next';
import { formatBytes } from '../../components/server/formatBytes';
import { permissionKeyText } from './permissionTexts';

/** One readable line of an audit entry's details. */
export interface AuditDetailLine {
  key: string;
  label: string;
  value: string;
}

/** How the details write dates and numbers: the reader's formatter and language. */
export interface AuditDetailFormat {
  language: string;
  dateTime: (value: string) => string;
  /** Names of the roles, schedules, backups, shares and accounts the entry refers to by uuid. */
  names: ReadonlyMap<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Write = (value: unknown, t: TFunction, format: AuditDetailFormat) => string | null;

const plain: Write = (value, t, { language }) => {
  if (typeof value === 'string') return value || null;
  if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
  if (typeof value === 'boolean') return value ? t('sharing.audit.details.yes', 'Yes') : t('sharing.audit.details.no', 'No');
  if (Array.isArray(value))
    return value.length
      ? value
          .map((item) => plain(item, t, { language, dateTime: String, names: new Map() }) ?? '')
          .filter(Boolean)
          .join(', ')
      : null;
  if (value && typeof value === 'object') {
    const item = value as Record<string, unknown>;
    if (typeof item.name === 'string') return item.name;
    if (typeof item.file === 'string') return item.file;
  }
  return null;
};

/** A uuid as the name it stands for, or nothing: an unknown uuid only stays in the raw data. */
const named: Write = (value, _t, { names }) => (typeof value === 'string' && UUID.test(value) ? (names.get(value.toLowerCase()) ?? names.get(value) ?? null) : null);

const permissionList: Write = (value, t) => (Array.isArray(value) && value.length ? value.map((key) => permissionKeyText(t, String(key))).join(', ') : null);

/** Configuration values as `key = value`. */
const settingValues: Write = (value) =>
  value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length
    ? Object.entries(value as Record<string, unknown>)
        .map(([key, setting]) => `${key} = ${typeof setting === 'string' ? setting : JSON.stringify(setting)}`)
        .join(', ')
    : null;

/**
 * The properties worth a line, in display order, each with its label and how it is written.
 * Others (ids of runs and orders, flags the sentence already tells) stay in the raw data only.
 */
const described: readonly { key: string; label: (t: TFunction) => string; write: Write }[] = [
  { key: 'reason', label: (t) => t('sharing.audit.details.reason', 'Reason'), write: plain },
  { key: 'keys', label: (t) => t('sharing.audit.details.keys', 'Settings changed'), write: plain },
  { key: 'values', label: (t) => t('sharing.audit.details.values', 'New values'), write: settingValues },
  { key: 'schedule', label: (t) => t('sharing.audit.details.schedule', 'Schedule'), write: named },
  { key: 'backup', label: (t) => t('sharing.audit.details.backup', 'Backup'), write: named },
  { key: 'subuser_uuid', label: (t) => t('sharing.audit.details.person', 'Person'), write: named },
  { key: 'role_uuid', label: (t) => t('sharing.audit.details.role', 'Role'), write: named },
  { key: 'permissions', label: (t) => t('sharing.audit.details.permissions', 'Permissions'), write: permissionList },
  { key: 'added', label: (t) => t('sharing.audit.details.added', 'Permissions added'), write: permissionList },
  { key: 'removed', label: (t) => t('sharing.audit.details.removed', 'Permissions removed'), write: permissionList },
  { key: 'notes', label: (t) => t('sharing.audit.details.notes', 'Note'), write: plain },
  { key: 'previous', label: (t) => t('sharing.audit.details.previous', 'Before'), write: plain },
  { key: 'cron', label: (t) => t('sharing.audit.details.cron', 'Timing'), write: plain },
  { key: 'files', label: (t) => t('sharing.audit.details.files', 'Files'), write: plain },
  { key: 'size', label: (t) => t('sharing.audit.details.size', 'Size'), write: (value, t, { language }) => (typeof value === 'number' ? formatBytes(t, value, language) : null) },
  { key: 'truncate', label: (t) => t('sharing.audit.details.truncate', 'Other files deleted'), write: plain },
  { key: 'restart_needed', label: (t) => t('sharing.audit.details.restartNeeded', 'Restart needed'), write: plain },
  { key: 'expires_at', label: (t) => t('sharing.audit.details.until', 'Until'), write: (value, _t, { dateTime }) => (typeof value === 'string' && value ? dateTime(value) : null) },
  { key: 'exit_code', label: (t) => t('sharing.audit.details.exitCode', 'Exit code'), write: plain },
  { key: 'extensions', label: (t) => t('sharing.audit.details.extensions', 'Plugins and mods'), write: plain },
];

/**
 * An audit entry's properties as readable lines: translated labels, names instead of uuids,
 * dates on the reader's clock. What has no line here is still in the entry's raw data.
 */
export function auditDetailLines(t: TFunction, properties: Record<string, unknown> | undefined, format: AuditDetailFormat): AuditDetailLine[] {
  const p = properties ?? {};
  return described.flatMap(({ key, label, write }) => {
    if (!Object.hasOwn(p, key)) return [];
    const value = write(p[key], t, format);
    return value ? [{ key, label: label(t), value }] : [];
  });
}
