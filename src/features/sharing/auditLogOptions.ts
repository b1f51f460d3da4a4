import type { ActivityEntry, ActivityPerson, Subuser } from './sharingTypes';

/**
 * The people the audit log can be filtered by: the owner, the people the server is shared with
 * (once they have an account) and anyone seen acting on the shown page, each once, by name.
 */
export function auditLogPeople(
  owner: { uuid: string; username: string } | undefined,
  subusers: readonly Subuser[],
  entries: readonly ActivityEntry[],
): ActivityPerson[] {
  const people = new Map<string, string>();
  if (owner) people.set(owner.uuid, owner.username);
  subusers.forEach((subuser) => {
    if (subuser.status === 'active') people.set(subuser.uuid, subuser.username ?? subuser.email);
  });
  entries.forEach((entry) => {
    if (entry.actor && !people.has(entry.actor.uuid)) people.set(entry.actor.uuid, entry.actor.username);
  });
  return [...people].map(([uuid, name]) => ({ uuid, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Event types to suggest: every event seen and each of its beginnings (`server.console.command`
 * also offers `server.console` and `server`), since the filter matches the start of a name.
 */
export function auditLogEvents(entries: readonly ActivityEntry[]): string[] {
  const events = new Set<string>();
  entries.forEach(({ event }) => {
    const parts = event.split('.');
    for (let length = 1; length <= parts.length; length += 1) events.add(parts.slice(0, length).join('.'));
  });
  return [...events].sort();
}
