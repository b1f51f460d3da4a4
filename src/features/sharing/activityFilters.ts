/** The audit log's filters as the page holds them: dates are the form's yyyy-mm-dd days. */
export interface ActivityFilters {
  /** A person's uuid. */
  actor?: string;
  /** An event name or its beginning, e.g. `server.console`. */
  event?: string;
  /** First day shown (inclusive, the user's time zone). */
  from?: string;
  /** Last day shown (inclusive, the user's time zone). */
  to?: string;
}

/** The query parameters of GET …/activity and …/activity/export for these filters. */
export interface ActivityQuery {
  actor?: string;
  event?: string;
  from?: string;
  to?: string;
}

/** A yyyy-mm-dd day at local midnight, or null when it is not a day. */
function localDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * Turns the chosen days into instants: `from` is the start of its day and `to` the end of its
 * day, both in the user's time zone, so "from 3 May to 3 May" means the whole of 3 May.
 */
export function activityQuery({ actor, event, from, to }: ActivityFilters): ActivityQuery {
  const query: ActivityQuery = {};
  if (actor) query.actor = actor;
  if (event?.trim()) query.event = event.trim();
  const start = from ? localDay(from) : null;
  if (start) query.from = start.toISOString();
  const end = to ? localDay(to) : null;
  if (end) query.to = new Date(end.getTime() + 24 * 60 * 60 * 1000 - 1).toISOString();
  return query;
}

/** The query string of an activity query (empty values left out). */
export function activitySearch(query: ActivityQuery): string {
  const params = new URLSearchParams();
  Object.entries(query).forEach(([name, value]) => {
    if (value) params.set(name, value);
  });
  const text = params.toString();
  return text ? `?${text}` : '';
}
