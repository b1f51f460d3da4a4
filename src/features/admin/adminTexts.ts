import type { TFunction } from 'i18next';

/** The label of a server state in the admin area (power states, suspended, install states). */
export function serverStateLabel(t: TFunction, state: string): string {
  const labels: Record<string, string> = {
    running: t('admin.state.running', 'Running'),
    starting: t('admin.state.starting', 'Starting'),
    stopping: t('admin.state.stopping', 'Stopping'),
    offline: t('admin.state.offline', 'Stopped'),
    installing: t('admin.state.installing', 'Installing'),
    install_failed: t('admin.state.installFailed', 'Install failed'),
    suspended: t('admin.state.suspended', 'Suspended'),
  };
  return labels[state] ?? state;
}

/** The label of a node state. */
export function nodeStateLabel(t: TFunction, state: string): string {
  const labels: Record<string, string> = {
    online: t('admin.nodes.online', 'Online'),
    offline: t('admin.nodes.offline', 'Offline'),
    maintenance: t('admin.nodes.maintenance', 'Maintenance'),
  };
  return labels[state] ?? state;
}

/** antd Tag colour of a state: green running/online, red failures, orange held, default otherwise. */
export function stateColour(state: string): string | undefined {
  if (state === 'running' || state === 'online' || state === 'ok') return 'green';
  if (state === 'install_failed' || state === 'offline_node' || state === 'down' || state === 'suspended') return 'red';
  if (state === 'maintenance' || state === 'installing' || state === 'starting' || state === 'stopping') return 'orange';
  return undefined;
}
