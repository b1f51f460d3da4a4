import { memo } from 'react';
import { Descriptions } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useTranslation } from 'react-i18next';
import type { Server } from '../../api/servers';
import { formatBytes } from '../../components/server/formatBytes';

/** Props of {@link PlanLimits}. */
export interface PlanLimitsProps {
  plan: Server['plan'];
}

/** The plan's limits: what the server may use. */
export const PlanLimits = memo(function PlanLimits({ plan }: PlanLimitsProps) {
  const { t, i18n } = useTranslation();
  const { limits } = plan;
  const mib = 1024 * 1024;
  return (
    <PlainCard size="small" title={t('overview.plan.title', 'Plan: {{name}}', { name: plan.name })} style={{ background: 'var(--panel-card-gradient)', borderColor: 'var(--panel-card-border)' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'memory', label: t('overview.plan.memory', 'Memory'), children: formatBytes(t, limits.memory_mb * mib, i18n.language) },
          { key: 'cpu', label: t('overview.plan.cpu', 'CPU'), children: t('overview.plan.cpuValue', '{{percent}} % of a core', { percent: limits.cpu_percent }) },
          { key: 'disk', label: t('overview.plan.disk', 'Disk'), children: formatBytes(t, limits.disk_mb * mib, i18n.language) },
          { key: 'backups', label: t('overview.plan.backups', 'Backups'), children: limits.backups },
          { key: 'databases', label: t('overview.plan.databases', 'Databases'), children: limits.databases },
          { key: 'ports', label: t('overview.plan.extraPorts', 'Extra ports'), children: limits.extra_ports },
        ]}
      />
    </PlainCard>
  );
});
