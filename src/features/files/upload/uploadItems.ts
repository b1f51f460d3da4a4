/** Where one file of an upload stands. */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file of the upload list, or the empty folders of a dropped folder (created together). */
export interface UploadItem {
  id: string;
  /** The file's path below the upload folder (its name, or folders and its name); for `folders`, their paths. */
  name: string;
  /** Set for the empty folders of a drop: `name` lists them and `size` is 0. */
  kind?: 'folders';
  size: number;
  loaded: number;
  status: UploadStatus;
  /** Why it failed, as shown to the user. */
  error?: string;
}

/** What happens to the upload list. */
export type UploadEvent =
  | { type: 'added'; items: UploadItem[] }
  | { type: 'started'; id: string }
  | { type: 'progressed'; id: string; loaded: number }
  | { type: 'finished'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'cancelled'; id: string }
  | { type: 'cleared' };

const update = (items: UploadItem[], id: string, change: Partial<UploadItem>) => items.map((item) => (item.id === id ? { ...item, ...change } : item));

/** The upload list after one event; finished entries stay until cleared, so their outcome can be read. */
export function uploadItemsReducer(items: UploadItem[], event: UploadEvent): UploadItem[] {
  switch (event.type) {
    case 'added':
      return [...items, ...event.items];
    case 'started':
      return update(items, event.id, { status: 'uploading' });
    case 'progressed':
      return update(items, event.id, { loaded: event.loaded });
    case 'finished':
      return items.map((item) => (item.id === event.id ? { ...item, status: 'done', loaded: item.size } : item));
    case 'failed':
      return update(items, event.id, { status: 'failed', error: event.error });
    case 'cancelled':
      return update(items, event.id, { status: 'cancelled' });
    case 'cleared':
      return items.filter((item) => item.status === 'queued' || item.status === 'uploading');
  }
}

/** True while the entry may still change (it can be cancelled). */
export const isActive = (item: UploadItem) => item.status === 'queued' || item.status === 'uploading';
