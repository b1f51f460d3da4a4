import type { TFunction } from 'i18next';
import type { Notification } from '../../api/notifications';

/* The events' short names, the same keys and English as on the webhooks page. Written out so the catalogue lists every key. */
const labels: Record<Notification['event'], (t: TFunction) => string> = {
  'server.started': (t) => t('webhooks.events.serverStarted', 'Server started'),
  'server.stopped': (t) => t('webhooks.events.serverStopped', 'Server stopped'),
  'server.crashed': (t) => t('webhooks.events.serverCrashed', 'Server crashed'),
  'server.restart_gave_up': (t) => t('webhooks.events.restartGaveUp', 'Restarts given up after repeated crashes'),
  'server.install_finished': (t) => t('webhooks.events.installFinished', 'Installation finished'),
  'server.install_failed': (t) => t('webhooks.events.installFailed', 'Installation failed'),
  'backup.finished': (t) => t('webhooks.events.backupFinished', 'Backup finished'),
  'backup.failed': (t) => t('webhooks.events.backupFailed', 'Backup failed'),
  'backup.restored': (t) => t('webhooks.events.backupRestored', 'Backup restored'),
  'schedule.failed': (t) => t('webhooks.events.scheduleFailed', 'Scheduled task failed'),
  'resource.threshold': (t) => t('webhooks.events.resourceThreshold', 'Resource threshold exceeded'),
  'player.joined': (t) => t('webhooks.events.playerJoined', 'Player joined'),
  'player.left': (t) => t('webhooks.events.playerLeft', 'Player left'),
  'node.offline': (t) => t('webhooks.events.nodeOffline', 'Node went offline'),
  'node.online': (t) => t('webhooks.events.nodeOnline', 'Node back online'),
  'plan.changed': (t) => t('webhooks.events.planChanged', 'Plan changed'),
  'server.suspended': (t) => t('webhooks.events.serverSuspended', 'Server suspended'),
};

/** An event's short name (as in the settings' list); the raw name for one this client does not know. */
export function eventLabel(t: TFunction, event: string): string {
  return labels[event as Notification['event']]?.(t) ?? event;
}
