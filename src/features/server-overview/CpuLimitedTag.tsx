import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link CpuLimitedTag}. */
export interface CpuLimitedTagProps {
  /** The plan's CPU limit in percent of one core. */
  limitPercent: number;
}

/**
 * Shown on the CPU tile while the panel holds the server to its plan's CPU limit: the server
 * would use more, and is slowed down instead. The tooltip says what that means.
 */
export function CpuLimitedTag({ limitPercent }: CpuLimitedTagProps) {
  const { t } = useTranslation();
  const help = t(
    'overview.cpuLimitedHelp',
    'The server wants more CPU than its plan allows ({{limit}} % of one core), so it is slowed down to that limit. It may respond more slowly; a bigger plan gives it more CPU.',
    { limit: limitPercent },
  );
  return (
    <Tooltip title={help}>
      {/* Focusable, so keyboard users reach the explanation too. */}
      <Tag color="warning" tabIndex={0} aria-label={`${t('overview.cpuLimited', 'Limited to plan')}: ${help}`} style={{ marginInlineEnd: 0 }}>
        {t('overview.cpuLimited', 'Limited to plan')}
      </Tag>
    </Tooltip>
  );
}
