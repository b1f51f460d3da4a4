import type { LoggedAction } from './redact';

/** Where the recording waits in the tab while the page reloads. */
export const LOG_STORAGE_KEY = 'panel:action-log';

/** What a page leaves for the next page of the same tab (secrets already removed). */
export interface StoredRecording {
  version: 1;
  start: Record<string, unknown>;
  actions: { action: LoggedAction; at: number; size: number }[];
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

/** The recording the previous page of this tab left, if any and readable. */
export function loadStoredRecording(): StoredRecording | null {
  const raw = tabStorage()?.getItem(LOG_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredRecording;
    if (parsed?.version !== 1 || typeof parsed.start !== 'object' || !Array.isArray(parsed.actions)) return null;
    return parsed;
  } catch {
    return null;
  }
}

/** Keeps the recording for the next page of this tab; too large for the storage means it is dropped. */
export function saveStoredRecording(recording: StoredRecording): void {
  const storage = tabStorage();
  if (!storage) return;
  try {
    storage.setItem(LOG_STORAGE_KEY, JSON.stringify(recording));
  } catch {
    storage.removeItem(LOG_STORAGE_KEY);
  }
}

/** Forgets the stored recording (recording turned off). */
export function clearStoredRecording(): void {
  tabStorage()?.removeItem(LOG_STORAGE_KEY);
}
