import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PowerState, Server } from '../../api/servers';

/** What a server's badge shows: its power state, or why it cannot run. */
export type ServerBadgeState = PowerState | NonNullable<Server['status']>;

const colours: Record<ServerBadgeState, string> = {
  running: 'success',
  starting: 'processing',
  stopping: 'warning',
  offline: 'default',
  node_offline: 'warning',
  transferring: 'processing',
  installing: 'processing',
  install_failed: 'error',
  suspended: 'error',
};

/** The translated name of a badge state. */
export function serverStateLabel(t: TFunction, state: ServerBadgeState): string {
  switch (state) {
    case 'running':
      return t('server.state.running', 'Running');
    case 'starting':
      return t('server.state.starting', 'Starting');
    case 'stopping':
      return t('server.state.stopping', 'Stopping');
    case 'offline':
      return t('server.state.offline', 'Offline');
    case 'node_offline':
      return t('fleet.state.nodeOffline', 'Node offline');
    case 'transferring':
      return t('fleet.state.transferring', 'Transferring');
    case 'installing':
      return t('server.state.installing', 'Installing');
    case 'install_failed':
      return t('server.state.installFailed', 'Install failed');
    case 'suspended':
      return t('server.state.suspended', 'Suspended');
  }
}

/**
 * The badge state of a server: a blocking status wins over the (live) power state, except a stale
 * "installing": a game that starts or runs has finished installing, though a list read during the
 * install still says so until it is read again.
 */
export function badgeState(status: Server['status'], state: PowerState): ServerBadgeState {
  if (status === 'installing' && (state === 'starting' || state === 'running')) return state;
  return status ?? state;
}

/** Props of {@link ServerStateTag}. */
export interface ServerStateTagProps {
  state: ServerBadgeState;
}

/** A coloured tag naming a server's state. */
export function ServerStateTag({ state }: ServerStateTagProps) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[state]} data-state={state} style={{ marginInlineEnd: 0 }}>
      {serverStateLabel(t, state)}
    </Tag>
  );
}
