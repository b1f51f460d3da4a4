import type { TFunction } from 'i18next';
import type { ActivityEntry } from './sharingTypes';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An audit entry told as a sentence in the reader's language, or null when its event has no
 * sentence yet (the raw event key is shown then). Event keys live under `sharing.audit.events`.
 */
export function auditEventSentence(t: TFunction, entry: ActivityEntry): string | null {
  const actor = entry.actor?.username ?? t('sharing.audit.system', 'The panel');
  const properties = entry.properties ?? {};
  switch (entry.event) {
    case 'server.action-refused':
      return t('sharing.audit.events.server.action-refused', '{{actor}} was refused an action that needs the permission {{permission}} ({{action}}).', {
        actor,
        permission: text(properties.permission),
        action: text(properties.action),
        interpolation: { escapeValue: false },
      });
    default:
      return null;
  }
}
