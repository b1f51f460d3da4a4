import type { TFunction } from 'i18next';
import type { Plan } from '../../api/plans';

/** A price in minor units as the reader's locale writes it (6,00 €, €6.00 …). */
export function formatPrice(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/** MiB as GiB above 1 GiB. */
export const formatMb = (mb: number) => (mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GiB` : `${mb} MiB`);

/** The limits a plan sets, in display order, with how each is written. */
export const planLimits = (t: TFunction): { key: keyof Plan; label: string; format: (value: number) => string }[] => [
  { key: 'memory_mb', label: t('plans.limits.memory', 'Memory'), format: formatMb },
  { key: 'cpu_percent', label: t('plans.limits.cpu', 'CPU'), format: (v) => `${v} %` },
  { key: 'disk_mb', label: t('plans.limits.disk', 'Disk'), format: formatMb },
  { key: 'backups', label: t('plans.limits.backups', 'Backups'), format: String },
  { key: 'databases', label: t('plans.limits.databases', 'Databases'), format: String },
  { key: 'extra_ports', label: t('plans.limits.extraPorts', 'Extra ports'), format: String },
];

/** What to remove first, per limit the usage is over. */
export function blockerText(t: TFunction, blocker: { resource: string; used: number; limit: number; remove: number }): string {
  switch (blocker.resource) {
    case 'diskMb':
      return t('plans.blockers.disk', 'Free {{remove}} of disk (in use {{used}}, allowed {{limit}}).', {
        remove: formatMb(blocker.remove),
        used: formatMb(blocker.used),
        limit: formatMb(blocker.limit),
      });
    case 'backups':
      return t('plans.blockers.backups', 'Delete {{count}} backup(s) (you have {{used}}, allowed {{limit}}).', { count: blocker.remove, used: blocker.used, limit: blocker.limit });
    case 'extraPorts':
      return t('plans.blockers.extraPorts', 'Remove {{count}} extra port(s) (you have {{used}}, allowed {{limit}}).', { count: blocker.remove, used: blocker.used, limit: blocker.limit });
    default:
      return t('plans.blockers.databases', 'Delete {{count}} database(s) (you have {{used}}, allowed {{limit}}).', { count: blocker.remove, used: blocker.used, limit: blocker.limit });
  }
}
