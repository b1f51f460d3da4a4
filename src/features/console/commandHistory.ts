/** Commands remembered per server. */
export const COMMAND_HISTORY_LIMIT = 50;

/** The localStorage key of a server's command history. */
export function commandHistoryKey(serverId: string): string {
  return `console-history:${serverId}`;
}

/** A server's command history, oldest first (empty when nothing is stored or storage is unavailable). */
export function loadCommandHistory(serverId: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(commandHistoryKey(serverId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string').slice(-COMMAND_HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Stores a server's command history. */
export function saveCommandHistory(serverId: string, entries: readonly string[]): void {
  try {
    window.localStorage.setItem(commandHistoryKey(serverId), JSON.stringify(entries.slice(-COMMAND_HISTORY_LIMIT)));
  } catch {
    // Storage full or disabled: the history lasts as long as the page.
  }
}

/**
 * The history after `command` was sent: it becomes the newest entry, an earlier copy of it is
 * removed (so repeating a command does not push the others out), and the oldest entries go
 * beyond the limit.
 */
export function withCommand(entries: readonly string[], command: string): string[] {
  return [...entries.filter((entry) => entry !== command), command].slice(-COMMAND_HISTORY_LIMIT);
}
