import { useState } from 'react';
import { auditLogEvents, auditLogPeople } from './auditLogOptions';
import type { ActivityEntry, ActivityPerson, Subuser } from './sharingTypes';

interface Seen {
  entries: readonly ActivityEntry[] | undefined;
  people: ActivityPerson[];
  events: string[];
}

/**
 * The filter choices of the audit log: the owner, the people the server is shared with (who may
 * not have acted yet), and everyone acting in the pages shown so far — filtering by one person
 * must not make the other people vanish from the person filter.
 */
export function useAuditLogOptions(owner: { uuid: string; username: string } | undefined, entries: readonly ActivityEntry[] | undefined, sharedWith: readonly ActivityPerson[] = []) {
  const [seen, setSeen] = useState<Seen>({ entries: undefined, people: [], events: [] });
  // Adjusted while rendering when a new page arrives (React's pattern for state derived from props).
  if (entries !== seen.entries) {
    setSeen({ entries, people: auditLogPeople(seen.people, undefined, entries ?? []), events: auditLogEvents(seen.events, entries ?? []) });
  }
  return { people: auditLogPeople([...sharedWith, ...seen.people], owner, []), events: seen.events };
}

/** The accounts a server is shared with, as people of the filter (pending invitations have none yet). */
export function sharedPeople(subusers: readonly Subuser[] | undefined): ActivityPerson[] {
  return (subusers ?? []).flatMap((subuser) => (subuser.user_uuid && subuser.username ? [{ uuid: subuser.user_uuid, name: subuser.username }] : []));
}
