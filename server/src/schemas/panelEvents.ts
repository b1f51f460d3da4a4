import { Type, type Static } from 'typebox';

/**
 * Every event the panel reports about a server, by name. Webhooks subscribe to these names, so a
 * name never changes meaning once released; new events are added at the end.
 */
export const panelEventNames = [
  'server.started',
  'server.stopped',
  'server.crashed',
  'server.restart_gave_up',
  'server.install_finished',
  'server.install_failed',
  'backup.finished',
  'backup.failed',
  'backup.restored',
  'schedule.failed',
  'resource.threshold',
  'player.joined',
  'player.left',
  'node.offline',
  'node.online',
  'plan.changed',
  'server.suspended',
] as const;

/** A panel event's name, e.g. `server.crashed`. */
export type PanelEventName = (typeof panelEventNames)[number];

// Built from the list (one source of names); typed as the names' union, which a mapped list loses.
export const PanelEventNameSchema = Type.Unsafe<PanelEventName>(
  Type.Union(
    panelEventNames.map((name) => Type.Literal(name)),
    { description: 'An event the panel reports about a server.' },
  ),
);

export type PanelEventNameJson = Static<typeof PanelEventNameSchema>;

const nameSet = new Set<string>(panelEventNames);

/** Whether a string is a known event name. */
export function isPanelEventName(value: string): value is PanelEventName {
  return nameSet.has(value);
}
