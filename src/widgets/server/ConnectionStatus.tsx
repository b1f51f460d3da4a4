import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../api/serverSocket';

/** Props of {@link ConnectionStatus}. */
export interface ConnectionStatusProps {
  connection: ConnectionState;
  /** When the next attempt starts (ms since the epoch), while reconnecting. */
  retryAt: number | null;
  reason: string | null;
  onReconnect: () => void;
}

/** Seconds until `at`, refreshed every second while there is a time to count down to. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Says when the live connection to a server is not up: connecting, lost and retrying (with a
 * countdown and a button to retry now), or given up. Shows nothing while connected.
 */
export function ConnectionStatus({ connection, retryAt, reason, onReconnect }: ConnectionStatusProps) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(connection === 'reconnecting' ? retryAt : null);
  if (connection === 'connected') return null;
  if (connection === 'connecting') {
    return <Alert type="info" showIcon title={t('server.connection.connecting', 'Connecting to the server…')} />;
  }
  const reconnectButton = (
    <Button size="small" onClick={onReconnect}>
      {connection === 'reconnecting' ? t('server.connection.retryNow', 'Retry now') : t('server.connection.reconnect', 'Reconnect')}
    </Button>
  );
  if (connection === 'reconnecting') {
    return (
      <Alert
        type="warning"
        showIcon
        role="status"
        title={
          seconds !== null && seconds > 0
            ? t('server.connection.reconnectingIn', 'Connection lost. Reconnecting in {{seconds}} s…', { seconds })
            : t('server.connection.reconnecting', 'Connection lost. Reconnecting…')
        }
        description={reason ?? undefined}
        action={reconnectButton}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      role="status"
      title={t('server.connection.disconnected', 'Disconnected from the server. Live output and state are paused.')}
      description={reason ?? undefined}
      action={reconnectButton}
    />
  );
}
