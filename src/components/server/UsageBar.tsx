import { usageLevel, usageRatio } from './usageLevel';
import { usePanelToken } from '../../themes/themeTokens';

/** Props of {@link UsageBar}. */
export interface UsageBarProps {
  /** What the bar measures ("CPU use"): its accessible name. */
  label: string;
  used: number;
  limit: number;
}

/**
 * A thin bar for one resource against its limit, red from 90 %. Drawn with two elements rather
 * than antd's Progress, which brings its tooltip and circle code to every dashboard card.
 */
export function UsageBar({ label, used, limit }: UsageBarProps) {
  const token = usePanelToken();
  const percent = Math.min(100, Math.round((usageRatio(used, limit) ?? 0) * 100));
  const level = usageLevel(used, limit);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-level={level}
      style={{ height: 6, borderRadius: 3, background: token.colorFillSecondary, overflow: 'hidden' }}
    >
      <div style={{ width: `${percent}%`, height: '100%', borderRadius: 3, background: level === 'normal' ? token.colorPrimary : token.colorError }} />
    </div>
  );
}
