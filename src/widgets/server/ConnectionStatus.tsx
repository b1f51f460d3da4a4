import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../api/serverSocket';
import { LazyAlert } from '../../components/LazyAlert';

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
 * How long a connection may take before "Connecting…" is said. Most connect well within it: a
 * notice that shows and goes again a moment later only moves the page under the reader (and would
 * fetch antd's Alert for nothing).
 */
export const CONNECTING_NOTICE_AFTER_MS = 1000;

/** Whether `active` has held for `ms` without a break. */
function useHeldFor(active: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [active, ms]);
  return active && held;
}

/**
 * Says when the live connection to a server is not up: connecting, lost and retrying (with a
 * countdown and a button to retry now), or given up. Shows nothing while connected, nor while a
 * connection is being made for less than {@link CONNECTING_NOTICE_AFTER_MS}.
 */
export function ConnectionStatus({ connection, retryAt, reason, onReconnect }: ConnectionStatusProps) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(connection === 'reconnecting' ? retryAt : null);
  const slowToConnect = useHeldFor(connection === 'connecting', CONNECTING_NOTICE_AFTER_MS);
  if (connection === 'connected') return null;
  if (connection === 'connecting') {
    if (!slowToConnect) return null;
    return <LazyAlert type="info" showIcon title={t('server.connection.connecting', 'Connecting to the server…')} />;
  }
  const reconnectButton = (
    <Button size="small" onClick={onReconnect}>
      {connection === 'reconnecting' ? t('server.connection.retryNow', 'Retry now') : t('server.connection.reconnect', 'Reconnect')}
    </Button>
  );
  if (connection === 'reconnecting') {
    return (
      <LazyAlert
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
    <LazyAlert
      type="error"
      showIcon
      role="status"
      title={t('server.connection.disconnected', 'Disconnected from the server. Live output and state are paused.')}
      description={reason ?? undefined}
      action={reconnectButton}
    />
  );
}
