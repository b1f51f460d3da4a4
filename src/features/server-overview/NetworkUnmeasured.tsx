import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerResources } from '../../api/servers';
import { ResourceTile } from './ResourceTile';

/** Props of {@link NetworkUnmeasured}. */
export interface NetworkUnmeasuredProps {
  title: string;
  stats: ServerResources;
}

/**
 * The network tile without figures, saying why: the traffic of UDP games is not measured, an
 * offline server has none, and some nodes cannot measure it at all. Never a misleading zero.
 */
export function NetworkUnmeasured({ title, stats }: NetworkUnmeasuredProps) {
  const { t } = useTranslation();
  if (stats.state === 'offline') return <ResourceTile title={title} value={t('overview.notRunning', 'Not running')} />;
  const reason =
    stats.network_protocol === 'udp'
      ? t('overview.networkUdp', 'Players of this game connect over UDP, whose traffic is not measured.')
      : t('overview.networkUnavailable', 'This node cannot measure the traffic of its servers.');
  return <ResourceTile title={title} value={t('overview.networkUnmeasured', 'Not measured')} graph={<Typography.Text type="secondary">{reason}</Typography.Text>} />;
}
