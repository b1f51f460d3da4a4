import type { TFunction } from 'i18next';
import type { Notification } from '../../api/notifications';

type Values = Record<string, string>;
type Sentence = (t: TFunction, values: Values) => string;

const raw = { escapeValue: false };

/*
 * One sentence per event; the same keys and English as the notification mails
 * (server/src/services/mail/notificationSentences.ts), so both read from one translation.
 * Written out so the translation catalogue lists every key.
 */
const sentences: Record<Notification['event'], Sentence> = {
  'server.started': (t, v) => t('panelNotifications.events.serverStarted', '{{server}} started.', { ...v, interpolation: raw }),
  'server.stopped': (t, v) => t('panelNotifications.events.serverStopped', '{{server}} stopped.', { ...v, interpolation: raw }),
  'server.crashed': (t, v) =>
    v.out_of_memory === 'true'
      ? t('panelNotifications.events.serverCrashedOutOfMemory', '{{server}} crashed: it ran out of memory.', { ...v, interpolation: raw })
      : t('panelNotifications.events.serverCrashed', '{{server}} crashed.', { ...v, interpolation: raw }),
  'server.restart_gave_up': (t, v) => t('panelNotifications.events.restartGaveUp', '{{server}} kept crashing: restarts were given up and it stays stopped.', { ...v, interpolation: raw }),
  'server.install_finished': (t, v) => t('panelNotifications.events.installFinished', 'The installation of {{server}} finished.', { ...v, interpolation: raw }),
  'server.install_failed': (t, v) => t('panelNotifications.events.installFailed', 'The installation of {{server}} failed.', { ...v, interpolation: raw }),
  'backup.finished': (t, v) => t('panelNotifications.events.backupFinished', 'A backup of {{server}} finished.', { ...v, interpolation: raw }),
  'backup.failed': (t, v) => t('panelNotifications.events.backupFailed', 'A backup of {{server}} failed.', { ...v, interpolation: raw }),
  'backup.restored': (t, v) => t('panelNotifications.events.backupRestored', 'A backup of {{server}} was restored.', { ...v, interpolation: raw }),
  'schedule.failed': (t, v) => t('panelNotifications.events.scheduleFailed', 'The scheduled task "{{name}}" of {{server}} failed.', { ...v, interpolation: raw }),
  'resource.threshold': (t, v) => t('panelNotifications.events.resourceThreshold', '{{server}} stayed above a resource threshold.', { ...v, interpolation: raw }),
  'player.joined': (t, v) => t('panelNotifications.events.playerJoined', '{{player}} joined {{server}}.', { ...v, interpolation: raw }),
  'player.left': (t, v) => t('panelNotifications.events.playerLeft', '{{player}} left {{server}}.', { ...v, interpolation: raw }),
  'node.offline': (t, v) => t('panelNotifications.events.nodeOffline', 'The machine running {{server}} went offline.', { ...v, interpolation: raw }),
  'node.online': (t, v) => t('panelNotifications.events.nodeOnline', 'The machine running {{server}} is back online.', { ...v, interpolation: raw }),
  'plan.changed': (t, v) => t('panelNotifications.events.planChanged', 'The plan of {{server}} changed.', { ...v, interpolation: raw }),
  'server.suspended': (t, v) => t('panelNotifications.events.serverSuspended', '{{server}} was suspended.', { ...v, interpolation: raw }),
};

/** What a notification says happened, in the reader's language; the event's scalar data fill it (the server's name as `server`). */
export function notificationSentence(t: TFunction, notification: Pick<Notification, 'event' | 'data' | 'server'>): string {
  const values: Values = {};
  for (const [key, value] of Object.entries(notification.data)) if (value !== null && typeof value !== 'object') values[key] = String(value);
  values.server = notification.server.name;
  return sentences[notification.event]?.(t, values) ?? `${notification.server.name}: ${notification.event}`;
}
