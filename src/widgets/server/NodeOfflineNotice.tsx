import { LazyAlert } from '../../components/LazyAlert';
import { useTranslation } from 'react-i18next';

/**
 * Says why a server shows "Node offline": the panel cannot reach the machine it runs on. Nothing is
 * lost and nothing needs doing; the server comes back with the machine. Shows nothing otherwise.
 */
export function NodeOfflineNotice({ state }: { state: string }) {
  const { t } = useTranslation();
  if (state !== 'node_offline') return null;
  return (
    <LazyAlert
      type="warning"
      showIcon
      data-testid="node-offline-notice"
      title={t('fleet.nodeOffline.title', 'The machine this server runs on cannot be reached')}
      description={t(
        'fleet.nodeOffline.description',
        'Nothing is lost: the server and its files are kept as they are. It comes back by itself as soon as the machine answers again; until then it cannot be started or stopped.',
      )}
    />
  );
}
