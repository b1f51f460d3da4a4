import { useTranslation } from 'react-i18next';
import type { StatsSample } from '../../api/serverSocket';
import type { ServerResources } from '../../api/servers';
import { PlainGrid } from '../../components/PlainGrid';
import { formatBytes, formatRate } from '../../components/server/formatBytes';
import { numberFormatter } from '../../i18n/numberFormatter';
import { CpuLimitedTag } from './CpuLimitedTag';
import { networkRates } from './networkRates';
import { NetworkUnmeasured } from './NetworkUnmeasured';
import { NetworkGraphs } from './NetworkGraphs';
import { ResourceTile } from './ResourceTile';
import { Sparkline } from './Sparkline';
import { tileColumns } from './tileColumns';

/** Props of {@link ResourceTiles}. */
export interface ResourceTilesProps {
  stats: ServerResources;
  history: readonly StatsSample[];
}

/** CPU, memory, disk and network, each with its figure, its limit and a graph of the last minutes. */
export function ResourceTiles({ stats, history }: ResourceTilesProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const bytes = (value: number) => formatBytes(t, value, language);
  const rates = networkRates(history);
  const latest = (values: number[]) => (values.length > 0 ? values[values.length - 1] : 0);
  const cpuTitle = t('overview.cpu', 'CPU');
  const memoryTitle = t('overview.memory', 'Memory');
  const networkTitle = t('overview.network', 'Network');
  const percent = numberFormatter(language, 1);

  return (
    <PlainGrid columns={tileColumns}>
      <div>
        <ResourceTile
          title={cpuTitle}
          value={t('overview.cpuValue', '{{percent}} %', { percent: percent.format(stats.cpu_absolute) })}
          detail={t('overview.ofLimit', 'of {{limit}}', { limit: t('overview.cpuValue', '{{percent}} %', { percent: stats.cpu_limit }) })}
          usage={{ used: stats.cpu_absolute, limit: stats.cpu_limit }}
          tag={stats.cpu_limited ? <CpuLimitedTag limitPercent={stats.cpu_limit} /> : undefined}
          graph={<Sparkline values={history.map((sample) => sample.cpu)} max={stats.cpu_limit} label={t('overview.cpuGraph', 'CPU use over the last minutes')} />}
        />
      </div>
      <div>
        <ResourceTile
          title={memoryTitle}
          value={bytes(stats.memory_bytes)}
          detail={t('overview.ofLimit', 'of {{limit}}', { limit: bytes(stats.memory_limit_bytes) })}
          usage={{ used: stats.memory_bytes, limit: stats.memory_limit_bytes }}
          graph={<Sparkline values={history.map((sample) => sample.memory)} max={stats.memory_limit_bytes} label={t('overview.memoryGraph', 'Memory use over the last minutes')} />}
        />
      </div>
      <div>
        <ResourceTile
          title={t('overview.disk', 'Disk')}
          value={bytes(stats.disk_bytes)}
          detail={t('overview.ofLimit', 'of {{limit}}', { limit: bytes(stats.disk_limit_bytes) })}
          usage={{ used: stats.disk_bytes, limit: stats.disk_limit_bytes }}
        />
      </div>
      <div>
        {stats.network_rx_bytes === null && stats.network_tx_bytes === null ? (
          <NetworkUnmeasured title={networkTitle} stats={stats} />
        ) : (
          <ResourceTile
            title={networkTitle}
            value={t('overview.networkRates', '↓ {{rx}} ↑ {{tx}}', { rx: formatRate(t, latest(rates.rx), language), tx: formatRate(t, latest(rates.tx), language) })}
            detail={t('overview.networkTotals', 'in total ↓ {{rx}} ↑ {{tx}}', { rx: bytes(stats.network_rx_bytes ?? 0), tx: bytes(stats.network_tx_bytes ?? 0) })}
            graph={<NetworkGraphs rx={rates.rx} tx={rates.tx} />}
          />
        )}
      </div>
    </PlainGrid>
  );
}
