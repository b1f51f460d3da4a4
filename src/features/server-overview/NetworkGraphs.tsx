import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Sparkline } from './Sparkline';

/** Props of {@link NetworkGraphs}. */
export interface NetworkGraphsProps {
  /** Bytes received per second, oldest first (empty before the first samples). */
  rx: readonly number[];
  /** Bytes sent per second, oldest first. */
  tx: readonly number[];
}

/** The network tile's two graphs (received above sent) and their legend. */
export function NetworkGraphs({ rx, tx }: NetworkGraphsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Sparkline values={rx} label={t('overview.rxGraph', 'Data received over the last minutes')} height={28} />
      <Sparkline values={tx} label={t('overview.txGraph', 'Data sent over the last minutes')} colour="var(--panel-secondary)" height={28} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('overview.networkLegend', 'Received (top) and sent (bottom)')}
      </Typography.Text>
    </>
  );
}
