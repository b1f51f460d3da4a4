import type { NotificationChoice } from '../../db/schema';
import { panelEventNames, type PanelEventName } from '../../schemas/panelEvents';

/**
 * What a user is told about before choosing anything: the events that need someone to act (a
 * crash, restarts given up, a failed install or backup, the node gone) in the panel; the two that
 * mean the game is down and stays down (a crash, restarts given up) by mail too.
 */
const defaultChoices: Partial<Record<PanelEventName, NotificationChoice>> = {
  'server.crashed': { panel: true, mail: true },
  'server.restart_gave_up': { panel: true, mail: true },
  'server.install_failed': { panel: true, mail: false },
  'backup.failed': { panel: true, mail: false },
  'node.offline': { panel: true, mail: false },
};

const off: NotificationChoice = { panel: false, mail: false };

/** The choice for one event: the stored one, else the default. */
export function choiceFor(stored: Record<string, NotificationChoice> | undefined, event: PanelEventName): NotificationChoice {
  return stored?.[event] ?? defaultChoices[event] ?? off;
}

/** Every event with its choice (stored, else the default), in the events' order. */
export function allChoices(stored: Record<string, NotificationChoice> | undefined): Array<{ event: PanelEventName } & NotificationChoice> {
  return panelEventNames.map((event) => ({ event, ...choiceFor(stored, event) }));
}
