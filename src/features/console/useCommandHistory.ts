import { useCallback, useMemo, useRef } from 'react';
import { loadCommandHistory, saveCommandHistory, withCommand } from './commandHistory';

/** Walking through the commands sent before, like a shell's up and down keys. */
export interface CommandHistoryNavigator {
  /** Remembers a sent command (and goes back to a fresh line). */
  record(command: string): void;
  /** The older command (keeps `draft` to come back to), or null when there is none. */
  previous(draft: string): string | null;
  /** The newer command, or the kept draft past the newest; null when not walking the history. */
  next(): string | null;
}

interface Walk {
  serverId: string;
  entries: string[];
  /** -1: on the draft line; 0: the newest command; 1: the one before … */
  position: number;
  draft: string;
}

/** The command history of one server, kept in localStorage so it survives reloads and is shared by tabs. */
export function useCommandHistory(serverId: string): CommandHistoryNavigator {
  const walk = useRef<Walk | null>(null);

  // The history is read when a walk starts, so commands sent from another tab are included.
  const current = useCallback((): Walk => {
    if (walk.current?.serverId !== serverId) walk.current = { serverId, entries: loadCommandHistory(serverId), position: -1, draft: '' };
    return walk.current;
  }, [serverId]);

  const record = useCallback(
    (command: string) => {
      const entries = withCommand(loadCommandHistory(serverId), command);
      saveCommandHistory(serverId, entries);
      walk.current = { serverId, entries, position: -1, draft: '' };
    },
    [serverId],
  );

  const previous = useCallback(
    (draft: string) => {
      const state = current();
      if (state.position === -1) {
        state.entries = loadCommandHistory(serverId);
        state.draft = draft;
      }
      if (state.position >= state.entries.length - 1) return null;
      state.position += 1;
      return state.entries[state.entries.length - 1 - state.position];
    },
    [current, serverId],
  );

  const next = useCallback(() => {
    const state = current();
    if (state.position === -1) return null;
    state.position -= 1;
    return state.position === -1 ? state.draft : state.entries[state.entries.length - 1 - state.position];
  }, [current]);

  return useMemo(() => ({ record, previous, next }), [record, previous, next]);
}
