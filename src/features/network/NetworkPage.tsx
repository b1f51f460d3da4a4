import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorMessage, isUpstreamFailure } from '../../api/apiError';
import { useGetServerNetworkQuery } from '../../api/network';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { ConnectCard } from './sections/ConnectCard';
import type { RunChange } from './sections/networkSection';
import { PortsCard } from './sections/PortsCard';
import { SubdomainCard } from './sections/SubdomainCard';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/network: the server's ports (primary and extra ones within the plan's limit, with
 * notes) and its subdomain under one of the host's zones, with the addresses players type.
 */
export function NetworkPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const can = (key: string) => permissions.includes(`allocation.${key}`);
  const network = useGetServerNetworkQuery({ id }, { skip: !can('read') });
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('network.title', 'Network');

  const run: RunChange = async (change) => {
    setFailure(null);
    const result = (await change()) as { error?: unknown };
    if (isUpstreamFailure(result.error)) setFailure(t('network.dnsUnreachable', 'The name service could not be reached. Nothing was changed; try again later.'));
    // 409 and 502 are not raised as notifications: the page says what went wrong.
    else if (result.error) setFailure(apiErrorMessage(result.error) ?? t('network.failed', 'The change could not be made.'));
    return !result.error;
  };

  if (server.data && !can('read')) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('network.forbidden', 'You may not see the network settings of this server.')} />
      </ServerPageSection>
    );
  }
  const failed = server.error ?? network.error;
  if (!server.data || !network.data) {
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? network.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }
  const section = { serverId: id, network: network.data.data, can, run };

  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <ServerPageSection title={title}>
        {failure && <Alert type="error" showIcon closable message={failure} onClose={() => setFailure(null)} role="alert" />}

        <ConnectCard network={network.data.data} />
        <PortsCard {...section} />
        <SubdomainCard {...section} />
      </ServerPageSection>
    </div>
  );
}
