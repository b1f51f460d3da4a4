import type { LoggedAction } from './redact';

/** Where the recording waits in the tab while the page reloads: its index, and each page's part under `<key>:<page>`. */
export const LOG_STORAGE_KEY = 'panel:action-log';

/** One recorded action as it is stored (secrets already removed). */
export interface StoredAction {
  action: LoggedAction;
  at: number;
  size: number;
}

/** One page's part of a stored recording: its key and the bytes of its actions. */
export interface StoredPage {
  key: string;
  bytes: number;
}

/** What earlier pages of this tab left: the state the recording starts from, and their parts in order. */
export interface StoredRecording {
  start: Record<string, unknown>;
  pages: StoredPage[];
  /** The actions of every readable part, oldest first. */
  actions: StoredAction[];
}

/** The index kept under {@link LOG_STORAGE_KEY}. */
interface StoredIndex {
  version: 2;
  start: Record<string, unknown>;
  pages: StoredPage[];
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

function readJson(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isIndex(value: unknown): value is StoredIndex {
  const index = value as StoredIndex | null;
  return index?.version === 2 && typeof index.start === 'object' && index.start !== null && Array.isArray(index.pages);
}

/** A key for the part of the page loaded now, unique within the tab. */
export function newPageKey(): string {
  return `${LOG_STORAGE_KEY}:${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The index of the recording earlier pages of this tab left (small: its start and its parts), or null when there is none. */
export function loadStoredIndex(): { start: Record<string, unknown>; pages: StoredPage[] } | null {
  const storage = tabStorage();
  const index = storage ? readJson(storage, LOG_STORAGE_KEY) : null;
  return isIndex(index) ? { start: index.start, pages: index.pages } : null;
}

/** The first action of one stored part (a page's load marker), if readable. */
export function loadFirstStoredAction(key: string): StoredAction | null {
  const storage = tabStorage();
  const part = storage ? readJson(storage, key) : null;
  return Array.isArray(part) && part.length > 0 ? (part[0] as StoredAction) : null;
}

/**
 * The recording the previous pages of this tab left, if any and readable, without the part of
 * `exceptPage` (the page reading it, which may have stored its own part already). A part that
 * cannot be read is left out.
 */
export function loadStoredRecording(exceptPage?: string): StoredRecording | null {
  const storage = tabStorage();
  const index = storage ? readJson(storage, LOG_STORAGE_KEY) : null;
  if (!storage || !isIndex(index)) return null;
  const actions: StoredAction[] = [];
  const pages = index.pages.filter((page) => page.key !== exceptPage);
  for (const page of pages) {
    const part = readJson(storage, page.key);
    if (!Array.isArray(part)) continue;
    actions.push(...(part as StoredAction[]));
  }
  return { start: index.start, pages, actions };
}

/**
 * Keeps this page's actions for the next page of the tab, beside the parts earlier pages left:
 * only this page's part is written, so leaving a page costs what was recorded on it, not the
 * whole recording (up to 10 MB, each time the page is hidden or left). The oldest parts go while
 * the parts hold more than `maxBytes`; `startBefore` tells the state the recording then starts
 * from, before the first part kept. Returns the parts now stored, this page's last. Too large for
 * the storage means this page's part is dropped.
 */
export function savePageRecording(
  earlier: { pages: StoredPage[]; startBefore: (firstKey: string) => Record<string, unknown> },
  page: { key: string; actions: StoredAction[] },
  maxBytes: number,
): StoredPage[] {
  const storage = tabStorage();
  if (!storage) return earlier.pages;
  const bytes = page.actions.reduce((sum, action) => sum + action.size, 0);
  const pages = earlier.pages.filter((stored) => stored.key !== page.key);
  let total = pages.reduce((sum, stored) => sum + stored.bytes, 0) + bytes;
  while (pages.length > 0 && total > maxBytes) {
    const oldest = pages.shift()!;
    storage.removeItem(oldest.key);
    total -= oldest.bytes;
  }
  try {
    storage.setItem(page.key, JSON.stringify(page.actions));
    const kept = [...pages, { key: page.key, bytes }];
    const index: StoredIndex = { version: 2, start: earlier.startBefore(kept[0].key), pages: kept };
    storage.setItem(LOG_STORAGE_KEY, JSON.stringify(index));
    return kept;
  } catch {
    storage.removeItem(page.key);
    return pages;
  }
}

/** Forgets the stored recording, every part of it (recording turned off). */
export function clearStoredRecording(): void {
  const storage = tabStorage();
  if (!storage) return;
  const index = readJson(storage, LOG_STORAGE_KEY);
  if (isIndex(index)) for (const page of index.pages) storage.removeItem(page.key);
  storage.removeItem(LOG_STORAGE_KEY);
}
