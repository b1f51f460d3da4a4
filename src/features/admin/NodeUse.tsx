import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListAdminNodesApiResponse } from '../../api/generated/admin.gen';
import { nodeStateLabel, stateColour } from './adminTexts';

export type AdminNode = ListAdminNodesApiResponse['data'][number];

/** Percentage of a capacity handed out; a node without a limit shows its use against nothing (0). */
const percentOf = (used: number, capacity: number | null) => (capacity ? Math.min(100, Math.round((used / capacity) * 100)) : 0);

/** A node's state tag. */
export function NodeStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={stateColour(state)}>{nodeStateLabel(t, state)}</Tag>;
}

/** A node's allocated memory and disk as bars, with the figures in words for screen readers too. */
export function NodeUse({ node }: { node: AdminNode }) {
  const { t } = useTranslation();
  const bar = (label: string, used: number, capacity: number | null) => (
    <div>
      <span style={{ fontSize: 12 }}>
        {label}: {t('admin.nodes.useOf', '{{used}} of {{capacity}} MiB', { used, capacity: capacity ?? '∞' })}
      </span>
      <Progress percent={percentOf(used, capacity)} size="small" aria-label={label} />
    </div>
  );
  return (
    <div style={{ minWidth: 160 }}>
      {bar(t('admin.nodes.memory', 'Memory'), node.allocated_memory_mb, node.memory_mb)}
      {bar(t('admin.nodes.disk', 'Disk'), node.allocated_disk_mb, node.disk_mb)}
    </div>
  );
}
