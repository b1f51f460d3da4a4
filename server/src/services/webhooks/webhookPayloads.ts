import { hmacHex, webhookMessage } from '../plans/billing/signing';
import type { PanelEventName } from '../../schemas/panelEvents';

/** An event as a webhook sends it (a real one, or the test one). */
export interface OutgoingEvent {
  id: string;
  name: PanelEventName | 'webhook.test';
  occurredAt: Date;
  server: { uuid: string; name: string };
  data: Record<string, unknown>;
}

/** The JSON hook's body: the event, its server and its details. */
export function jsonBody(event: OutgoingEvent): string {
  return JSON.stringify({ id: event.id, event: event.name, occurred_at: event.occurredAt.toISOString(), server: event.server, data: event.data });
}

/**
 * The headers of a signed JSON delivery, as the billing webhook expects them of billing systems:
 * `X-Panel-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` under the hook's
 * secret, the unix-seconds timestamp it covers, and the event id receivers deduplicate by.
 */
export function signedHeaders(eventId: string, secret: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { 'x-panel-event-id': eventId, 'x-panel-timestamp': timestamp, 'x-panel-signature': `sha256=${hmacHex(secret, webhookMessage(timestamp, body))}` };
}

const RED = 0xe5484d;
const GREEN = 0x30a46c;
const AMBER = 0xf5a524;
const BLUE = 0x3e63dd;
const GREY = 0x8b8d98;

/** Each event's Discord title and colour (the panel's notices are in English, as its console notices). */
const discordLook: Record<OutgoingEvent['name'], { title: string; color: number }> = {
  'server.started': { title: 'Server started', color: GREEN },
  'server.stopped': { title: 'Server stopped', color: GREY },
  'server.crashed': { title: 'Server crashed', color: RED },
  'server.restart_gave_up': { title: 'Server stays stopped after repeated crashes', color: RED },
  'server.install_finished': { title: 'Installation finished', color: GREEN },
  'server.install_failed': { title: 'Installation failed', color: RED },
  'backup.finished': { title: 'Backup finished', color: GREEN },
  'backup.failed': { title: 'Backup failed', color: RED },
  'backup.restored': { title: 'Backup restored', color: BLUE },
  'schedule.failed': { title: 'Scheduled task failed', color: AMBER },
  'resource.threshold': { title: 'Resource threshold exceeded', color: AMBER },
  'player.joined': { title: 'Player joined', color: BLUE },
  'player.left': { title: 'Player left', color: GREY },
  'node.offline': { title: 'Node offline', color: RED },
  'node.online': { title: 'Node back online', color: GREEN },
  'plan.changed': { title: 'Plan changed', color: BLUE },
  'server.suspended': { title: 'Server suspended', color: AMBER },
  'webhook.test': { title: 'Test from the panel', color: BLUE },
};

/** The event's details as short lines ("Exit code: 1"), Discord's description. */
function describe(event: OutgoingEvent): string {
  const d = event.data;
  const lines: string[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') lines.push(`${label}: ${String(value)}`.slice(0, 500));
  };
  add('Player', d.player);
  add('Reason', d.out_of_memory ? 'out of memory' : undefined);
  add('Exit code', d.exit_code);
  add('Signal', d.signal);
  add('Schedule', d.name);
  add('Plan', d.to);
  add('Error', d.error);
  if (event.name === 'webhook.test') lines.push('This webhook is set up correctly.');
  return lines.join('\n');
}

/** A Discord webhook body: one embed with the event's title, colour, details and time. */
export function discordBody(event: OutgoingEvent): string {
  const look = discordLook[event.name];
  const description = describe(event);
  return JSON.stringify({
    username: 'Game Panel',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: `${look.title}: ${event.server.name}`.slice(0, 256),
        ...(description ? { description: description.slice(0, 4000) } : {}),
        color: look.color,
        timestamp: event.occurredAt.toISOString(),
        footer: { text: event.name },
      },
    ],
  });
}
