import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainCard } from '../../../components/PlainCard';
import { CopyableAddress } from '../../../components/server/CopyableAddress';
import type { NetworkOverview } from './networkSection';

/** The addresses players type: the subdomain, if any, and the primary port's direct address. */
export function ConnectCard({ network }: { network: NetworkOverview }) {
  const { t } = useTranslation();
  const primary = network.ports.find((p) => p.primary);
  return (
    <PlainCard title={t('network.connect', 'Connect')} size="small">
      <Space direction="vertical" style={{ maxWidth: '100%' }}>
        {network.subdomain && (
          <div>
            <Typography.Text type="secondary">{t('network.playersType', 'Players type')}: </Typography.Text>
            <CopyableAddress address={network.subdomain.address} />
          </div>
        )}
        {primary && (
          <div>
            <Typography.Text type="secondary">{t('network.directAddress', 'Direct address')}: </Typography.Text>
            <CopyableAddress address={`${primary.host}:${primary.port}`} />
          </div>
        )}
      </Space>
    </PlainCard>
  );
}
