import type { TFunction } from 'i18next';
import type { Webhook } from '../../api/webhooks';

/** A webhook event's name, e.g. `server.crashed`. */
export type WebhookEventName = Webhook['events'][number];

type Text = (t: TFunction) => string;

/* Written out so the translation catalogue lists every event (keys built at run time are not extracted). */
const eventTexts: Record<WebhookEventName | 'webhook.test', Text> = {
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
  'webhook.test': (t) => t('webhooks.events.test', 'Test'),
};

/** The translated name of an event; the raw name for one this client does not know yet. */
export function webhookEventText(t: TFunction, name: string): string {
  return eventTexts[name as WebhookEventName]?.(t) ?? name;
}
