import type { ActivityEntry, ActivityPerson } from './sharingTypes';

/**
 * People to filter the audit log by: those already known plus the owner and everyone acting in
 * `entries`, each once (by account uuid), sorted by name.
 */
export function auditLogPeople(known: readonly ActivityPerson[], owner: { uuid: string; username: string } | undefined, entries: readonly ActivityEntry[]): ActivityPerson[] {
  const people = new Map(known.map((person) => [person.uuid, person.name]));
  if (owner) people.set(owner.uuid, owner.username);
  entries.forEach((entry) => {
    if (entry.actor) people.set(entry.actor.uuid, entry.actor.username);
  });
  return [...people].map(([uuid, name]) => ({ uuid, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Event types to suggest: those already known plus every event in `entries` and each of its
 * beginnings (`server.console.command` also offers `server.console` and `server`), since the
 * filter matches the start of a name.
 */
export function auditLogEvents(known: readonly string[], entries: readonly ActivityEntry[]): string[] {
  const events = new Set(known);
  entries.forEach(({ event }) => {
    const parts = event.split('.');
    for (let length = 1; length <= parts.length; length += 1) events.add(parts.slice(0, length).join('.'));
  });
  return [...events].sort();
}
