import type { MailTranslate } from './mailTranslator';

type Sentence = (t: MailTranslate, values: Record<string, string>) => string;

/*
 * One sentence per event, the same keys and English as the web app's notification list
 * (src/features/notifications/notificationSentences.ts), so both read from one translation.
 * Written out so the translation catalogue lists every key.
 */
const sentences: Record<string, Sentence> = {
  'server.started': (t, v) => t('panelNotifications.events.serverStarted', '{{server}} started.', v),
  'server.stopped': (t, v) => t('panelNotifications.events.serverStopped', '{{server}} stopped.', v),
  'server.crashed': (t, v) =>
    v.out_of_memory === 'true'
      ? t('panelNotifications.events.serverCrashedOutOfMemory', '{{server}} crashed: it ran out of memory.', v)
      : t('panelNotifications.events.serverCrashed', '{{server}} crashed.', v),
  'server.restart_gave_up': (t, v) => t('panelNotifications.events.restartGaveUp', '{{server}} kept crashing: restarts were given up and it stays stopped.', v),
  'server.install_finished': (t, v) => t('panelNotifications.events.installFinished', 'The installation of {{server}} finished.', v),
  'server.install_failed': (t, v) => t('panelNotifications.events.installFailed', 'The installation of {{server}} failed.', v),
  'backup.finished': (t, v) => t('panelNotifications.events.backupFinished', 'A backup of {{server}} finished.', v),
  'backup.failed': (t, v) => t('panelNotifications.events.backupFailed', 'A backup of {{server}} failed.', v),
  'backup.restored': (t, v) => t('panelNotifications.events.backupRestored', 'A backup of {{server}} was restored.', v),
  'schedule.failed': (t, v) => t('panelNotifications.events.scheduleFailed', 'The scheduled task "{{name}}" of {{server}} failed.', v),
  'resource.threshold': (t, v) => t('panelNotifications.events.resourceThreshold', '{{server}} stayed above a resource threshold.', v),
  'player.joined': (t, v) => t('panelNotifications.events.playerJoined', '{{player}} joined {{server}}.', v),
  'player.left': (t, v) => t('panelNotifications.events.playerLeft', '{{player}} left {{server}}.', v),
  'node.offline': (t, v) => t('panelNotifications.events.nodeOffline', 'The machine running {{server}} went offline.', v),
  'node.online': (t, v) => t('panelNotifications.events.nodeOnline', 'The machine running {{server}} is back online.', v),
  'plan.changed': (t, v) => t('panelNotifications.events.planChanged', 'The plan of {{server}} changed.', v),
  'server.suspended': (t, v) => t('panelNotifications.events.serverSuspended', '{{server}} was suspended.', v),
};

/** The sentence that tells what happened; event data's scalar values fill it (the server's name as `server`). */
export function notificationSentence(t: MailTranslate, event: string, serverName: string, data: Record<string, unknown>): string {
  const values: Record<string, string> = { server: serverName };
  for (const [key, value] of Object.entries(data)) if (value !== null && typeof value !== 'object') values[key] = String(value);
  values.server = serverName;
  return sentences[event]?.(t, values) ?? `${serverName}: ${event}`;
}
