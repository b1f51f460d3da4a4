import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferProgressEvent } from '../../api/serverSocket/socketProtocol';
import { CopyableAddress } from '../../components/server/CopyableAddress';

/**
 * Tells the customer their server is being moved to another machine (with how far the copy got),
 * then where players reach it now, or that it stayed where it was. `state` is the server's power
 * state: a page opened during a move knows it is `transferring` before any progress arrives.
 */
export function TransferNotice({ transfer, state }: { transfer: TransferProgressEvent | null; state: string | null }) {
  const { t } = useTranslation();
  if (transfer?.state === 'running' || (state === 'transferring' && !transfer)) {
    const percent = transfer?.percent ?? null;
    return (
      <Alert
        type="info"
        showIcon
        data-testid="transfer-notice"
        data-transfer-state="running"
        title={t('fleet.transfer.running', 'This server is being moved to another machine')}
        description={
          <>
            {t('fleet.transfer.runningHelp', 'Its files are copied as they are; it cannot be started until the move has finished, and it starts again by itself if it was running.')}
            {percent !== null ? <Progress percent={percent} size="small" aria-label={t('fleet.transfer.progress', 'Move progress')} /> : null}
          </>
        }
      />
    );
  }
  if (transfer?.state === 'completed' && transfer.address) {
    return (
      <Alert
        type="success"
        showIcon
        closable
        data-testid="transfer-notice"
        data-transfer-state="completed"
        title={t('fleet.transfer.completed', 'The server has moved to another machine')}
        description={
          <>
            {t('fleet.transfer.newAddress', 'Players now connect to:')} <CopyableAddress address={transfer.address} />
          </>
        }
      />
    );
  }
  if (transfer?.state === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        closable
        data-testid="transfer-notice"
        data-transfer-state="failed"
        title={t('fleet.transfer.failed', 'The move to another machine did not happen')}
        description={t('fleet.transfer.failedHelp', 'Nothing is lost: the server stays where it was, with its files and address.')}
      />
    );
  }
  return null;
}
