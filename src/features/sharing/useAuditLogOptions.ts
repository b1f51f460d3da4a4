import { useState } from 'react';
import { auditLogEvents, auditLogPeople } from './auditLogOptions';
import type { ActivityEntry, ActivityPerson } from './sharingTypes';

interface Seen {
  entries: readonly ActivityEntry[] | undefined;
  people: ActivityPerson[];
  events: string[];
}

/**
 * The filter choices of the audit log, gathered from every page shown so far: filtering by one
 * person must not make the other people vanish from the person filter.
 */
export function useAuditLogOptions(owner: { uuid: string; username: string } | undefined, entries: readonly ActivityEntry[] | undefined) {
  const [seen, setSeen] = useState<Seen>({ entries: undefined, people: [], events: [] });
  // Adjusted while rendering when a new page arrives (React's pattern for state derived from props).
  if (entries !== seen.entries) {
    setSeen({ entries, people: auditLogPeople(seen.people, undefined, entries ?? []), events: auditLogEvents(seen.events, entries ?? []) });
  }
  return { people: auditLogPeople(seen.people, owner, []), events: seen.events };
}
