import { WarningOutlined } from '@ant-design/icons';
import { Flex, Progress, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usageLevel, usageRatio } from '../../components/server/usageLevel';

/** Props of {@link ResourceTile}. */
export interface ResourceTileProps {
  title: string;
  /** The current figure, formatted; empty before the first sample. */
  value: string;
  /** e.g. "of 2 GiB". */
  detail?: string;
  /**
   * Used and limit in the same unit, for the bar and the warning (omit for figures without a
   * limit); 'pending' before the first sample: an empty bar holds the bar's place.
   */
  usage?: { used: number; limit: number } | 'pending';
  /** A graph of the last minutes. */
  graph?: ReactNode;
  /** A small mark next to the title (e.g. that the server is held to its limit). */
  tag?: ReactNode;
}

/** One resource on the overview: the figure, a bar against the plan's limit with a warning near it, and a graph. */
export function ResourceTile({ title, value, detail, usage, graph, tag }: ResourceTileProps) {
  const { t } = useTranslation();
  const known = usage === 'pending' ? undefined : usage;
  const level = known ? usageLevel(known.used, known.limit) : 'normal';
  const ratio = known ? usageRatio(known.used, known.limit) : null;
  const percent = ratio === null ? null : Math.round(ratio * 100);
  return (
    <PlainCard size="small" title={title} extra={tag} style={{ height: '100%', background: 'var(--panel-card-gradient)', borderColor: level === 'normal' ? 'var(--panel-card-border)' : undefined }}>
      <Flex vertical gap={6}>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 22 }}>
            {/* Empty before the first sample: the line keeps its place (the tile is as tall as it will be). */}
            {value || '\u00a0'}
          </Typography.Text>
          {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
        </Flex>
        {usage === 'pending' ? <Progress percent={0} showInfo={false} size="small" aria-hidden="true" /> : null}
        {percent !== null ? (
          <Progress
            percent={Math.min(percent, 100)}
            showInfo={false}
            size="small"
            status={level === 'normal' ? 'normal' : 'exception'}
            aria-label={t('overview.usageOfLimit', '{{title}}: {{percent}} % of the limit', { title, percent })}
          />
        ) : null}
        {level !== 'normal' ? (
          <Typography.Text type={level === 'over' ? 'danger' : 'warning'} role="alert">
            <WarningOutlined aria-hidden="true" />{' '}
            {level === 'over' ? t('overview.atLimit', 'At the limit ({{percent}} %)', { percent }) : t('overview.nearLimit', 'Near the limit ({{percent}} %)', { percent })}
          </Typography.Text>
        ) : null}
        {graph}
      </Flex>
    </PlainCard>
  );
}
