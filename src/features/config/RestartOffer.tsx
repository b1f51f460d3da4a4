import { Alert, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/apiError';
import { useSendServerPowerMutation } from '../../api/servers';

const PowerConfirmDialog = lazy(() => import('../../components/server/PowerConfirmDialog').then((m) => ({ default: m.PowerConfirmDialog })));

/** Props of {@link RestartOffer}. */
export interface RestartOfferProps {
  serverId: string;
  canRestart: boolean;
  /** The user's preference: ask before a restart. */
  confirmRestart: boolean;
  onClose: () => void;
}

/**
 * Shown after a save while the server runs: the game reads its config at start, so the change
 * applies after a restart, offered here (asking first when the user wants that, as the console does).
 */
export function RestartOffer({ serverId, canRestart, confirmRestart, onClose }: RestartOfferProps) {
  const { t } = useTranslation();
  const [sendPower, { isLoading, isSuccess, error }] = useSendServerPowerMutation();
  const [confirming, setConfirming] = useState(false);
  const restart = () => {
    setConfirming(false);
    void sendPower({ id: serverId, body: { signal: 'restart' } });
  };

  if (isSuccess) {
    return <Alert type="success" showIcon closable={{ onClose }} title={t('config.restart.started', 'The server is restarting with the new settings.')} />;
  }
  return (
    <>
      <Alert
        type="warning"
        showIcon
        closable={{ onClose }}
        title={t('config.restart.required', 'Saved. The server is running: restart it to apply the changes.')}
        description={error ? (apiErrorMessage(error) ?? t('config.restart.failed', 'The restart failed. Try again.')) : undefined}
        action={
          canRestart ? (
            <Button size="small" loading={isLoading} onClick={() => (confirmRestart ? setConfirming(true) : restart())}>
              {t('config.restart.now', 'Restart now')}
            </Button>
          ) : undefined
        }
      />
      {confirming ? (
        <Suspense fallback={null}>
          <PowerConfirmDialog signal="restart" onConfirm={restart} onCancel={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
