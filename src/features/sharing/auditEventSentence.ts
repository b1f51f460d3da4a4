import type { TFunction } from 'i18next';
import type { ActivityEntry } from './sharingTypes';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Names and reasons are shown as written (React escapes them). */
const raw = { interpolation: { escapeValue: false } } as const;

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
    case 'server.players.kicked':
      return t('sharing.audit.events.server.players.kicked', '{{actor}} kicked {{name}} ({{reason}}).', { actor, name: text(properties.name), reason: text(properties.reason), ...raw });
    case 'server.players.banned':
      return properties.expires_at
        ? t('sharing.audit.events.server.players.tempbanned', '{{actor}} banned {{name}} until {{expires}} ({{reason}}).', {
            actor,
            name: text(properties.name),
            reason: text(properties.reason),
            expires: text(properties.expires_at),
            ...raw,
          })
        : t('sharing.audit.events.server.players.banned', '{{actor}} banned {{name}} ({{reason}}).', { actor, name: text(properties.name), reason: text(properties.reason), ...raw });
    case 'server.players.pardoned':
      return t('sharing.audit.events.server.players.pardoned', '{{actor}} pardoned {{name}}.', { actor, name: text(properties.name), ...raw });
    case 'server.players.ip-banned':
      return t('sharing.audit.events.server.players.ip-banned', '{{actor}} banned the IP address {{ip}} ({{reason}}).', { actor, ip: text(properties.ip), reason: text(properties.reason), ...raw });
    case 'server.players.ip-pardoned':
      return t('sharing.audit.events.server.players.ip-pardoned', '{{actor}} lifted the ban on the IP address {{ip}}.', { actor, ip: text(properties.ip), ...raw });
    case 'server.players.opped':
      return t('sharing.audit.events.server.players.opped', '{{actor}} made {{name}} an operator (level {{level}}).', { actor, name: text(properties.name), level: String(properties.level ?? ''), ...raw });
    case 'server.players.deopped':
      return t('sharing.audit.events.server.players.deopped', '{{actor}} removed {{name}} from the operators.', { actor, name: text(properties.name), ...raw });
    case 'server.players.whitelist-added':
      return t('sharing.audit.events.server.players.whitelist-added', '{{actor}} added {{name}} to the whitelist.', { actor, name: text(properties.name), ...raw });
    case 'server.players.whitelist-removed':
      return t('sharing.audit.events.server.players.whitelist-removed', '{{actor}} removed {{name}} from the whitelist.', { actor, name: text(properties.name), ...raw });
    case 'server.players.whitelist-enabled':
      return t('sharing.audit.events.server.players.whitelist-enabled', '{{actor}} turned the whitelist on.', { actor, ...raw });
    case 'server.players.whitelist-disabled':
      return t('sharing.audit.events.server.players.whitelist-disabled', '{{actor}} turned the whitelist off.', { actor, ...raw });
    case 'server.sleep.updated':
      return t('sharing.audit.events.server.sleep.updated', '{{actor}} changed sleep and wake-up: stop after {{minutes}} idle minutes, start on join {{wake}}.', {
        actor,
        minutes: typeof properties.auto_stop_minutes === 'number' ? String(properties.auto_stop_minutes) : t('sharing.audit.never', 'never'),
        wake: properties.wake_on_join === true ? t('sharing.audit.on', 'on') : t('sharing.audit.off', 'off'),
        ...raw,
      });
    case 'server.woken':
      return t('sharing.audit.events.server.woken', 'The server was woken up because {{player}} tried to join.', { player: text(properties.player), ...raw });
    case 'server.auto-stopped':
      return t('sharing.audit.events.server.auto-stopped', 'The server was stopped after {{minutes}} minutes without players.', { minutes: String(properties.idle_minutes ?? ''), ...raw });
    default:
      return null;
  }
}
