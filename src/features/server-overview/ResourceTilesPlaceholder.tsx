import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainGrid } from '../../components/PlainGrid';
import { NetworkGraphs } from './NetworkGraphs';
import { ResourceTile } from './ResourceTile';
import { Sparkline } from './Sparkline';
import { tileColumns } from './tileColumns';

/** Props of {@link ResourceTilesPlaceholder}. */
export interface ResourceTilesPlaceholderProps {
  /** What the page is waiting for (connecting, or the first sample). */
  message: string;
}

/**
 * The resource tiles before the first sample: the same four tiles, columns, bars and graph heights
 * as {@link ResourceTiles}, without figures. The first sample then fills them in place instead of
 * pushing the players and the plan down (a layout shift on every visit). The message lies over
 * the tiles, so it takes no room of its own either.
 */
export function ResourceTilesPlaceholder({ message }: ResourceTilesPlaceholderProps) {
  const { t } = useTranslation();
  const empty: number[] = [];
  return (
    <div style={{ position: 'relative' }} aria-busy="true" data-testid="resource-tiles-placeholder">
      <PlainGrid columns={tileColumns} style={{ opacity: 0.6 }}>
        <div>
          <ResourceTile title={t('overview.cpu', 'CPU')} value="" usage="pending" graph={<Sparkline values={empty} label={t('overview.cpuGraph', 'CPU use over the last minutes')} />} />
        </div>
        <div>
          <ResourceTile title={t('overview.memory', 'Memory')} value="" usage="pending" graph={<Sparkline values={empty} label={t('overview.memoryGraph', 'Memory use over the last minutes')} />} />
        </div>
        <div>
          <ResourceTile title={t('overview.disk', 'Disk')} value="" usage="pending" />
        </div>
        <div>
          <ResourceTile title={t('overview.network', 'Network')} value="" graph={<NetworkGraphs rx={empty} tx={empty} />} />
        </div>
      </PlainGrid>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
        <Typography.Text type="secondary" role="status" style={{ padding: '4px 12px', borderRadius: 6, background: 'var(--panel-card-gradient)' }}>
          {message}
        </Typography.Text>
      </div>
    </div>
  );
}
