import { uploadFile, uploadFolders, type UploadHandle } from './uploadFile';
import type { UploadEvent, UploadItem } from './uploadItems';
import type { UploadSource } from './uploadSources';

/** Files sent at the same time; the others wait their turn (and can be cancelled while waiting). */
const PARALLEL_UPLOADS = 2;

/** Empty folders created by one request: the API's default limit per upload. */
const FOLDERS_PER_REQUEST = 1000;

/** One request waiting its turn: a file, or empty folders to create. */
type QueuedUpload = { id: string; directory: string } & ({ file: File; path: string } | { folders: string[] });

/** What the queue reports to the page (read at the time of each event, so it may change). */
export interface UploadQueueListener {
  /** A change of the upload list. */
  onEvent: (event: UploadEvent) => void;
  /** The sentence shown for a failed upload's error. */
  describeError: (error: unknown) => string;
  /** The queue ran dry after at least one file was stored (or folders created). */
  onSettled: () => void;
}

let nextId = 0;

/**
 * The upload queue of one server: each file is its own request, so each has its own progress and
 * can be cancelled alone; the empty folders of a drop go together in one more. At most two
 * requests run at once.
 */
export class UploadQueue {
  private readonly waiting: QueuedUpload[] = [];
  private readonly running = new Map<string, UploadHandle>();
  private stored = 0;

  constructor(
    private readonly serverId: string,
    private readonly listener: { current: UploadQueueListener },
  ) {}

  /**
   * Queues files for `directory` (each at its relative path below it), and the empty folders of a
   * dropped folder (created first, by one request per thousand), and starts what may start.
   */
  add(sources: readonly UploadSource[], directory: string, emptyFolders: readonly string[] = []): void {
    const queued: QueuedUpload[] = [];
    for (let start = 0; start < emptyFolders.length; start += FOLDERS_PER_REQUEST) {
      queued.push({ id: `upload-${++nextId}`, folders: emptyFolders.slice(start, start + FOLDERS_PER_REQUEST), directory });
    }
    for (const { file, path } of sources) queued.push({ id: `upload-${++nextId}`, file, path, directory });
    const items = queued.map((entry): UploadItem =>
      'folders' in entry
        ? { id: entry.id, kind: 'folders', name: entry.folders.join(', '), size: 0, loaded: 0, status: 'queued' }
        : { id: entry.id, name: entry.path, size: entry.file.size, loaded: 0, status: 'queued' },
    );
    this.listener.current.onEvent({ type: 'added', items });
    this.waiting.push(...queued);
    this.pump();
  }

  /** Cancels one file: a waiting one never starts, a running one is aborted. */
  cancel(id: string): void {
    const index = this.waiting.findIndex((entry) => entry.id === id);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      this.listener.current.onEvent({ type: 'cancelled', id });
    } else {
      this.running.get(id)?.cancel();
    }
  }

  /** Cancels everything (the page is left). */
  dispose(): void {
    this.waiting.length = 0;
    for (const handle of this.running.values()) handle.cancel();
  }

  private pump(): void {
    while (this.running.size < PARALLEL_UPLOADS && this.waiting.length > 0) {
      const next = this.waiting.shift() as QueuedUpload;
      const emit = (event: UploadEvent) => this.listener.current.onEvent(event);
      const handle =
        'folders' in next
          ? uploadFolders(this.serverId, next.directory, next.folders)
          : uploadFile(this.serverId, next.directory, next.file, next.path, (loaded) => emit({ type: 'progressed', id: next.id, loaded }));
      this.running.set(next.id, handle);
      emit({ type: 'started', id: next.id });
      handle.done
        .then(
          () => {
            this.stored += 1;
            emit({ type: 'finished', id: next.id });
          },
          (error: unknown) => emit(error === 'cancelled' ? { type: 'cancelled', id: next.id } : { type: 'failed', id: next.id, error: this.listener.current.describeError(error) }),
        )
        .finally(() => {
          this.running.delete(next.id);
          if (this.running.size === 0 && this.waiting.length === 0 && this.stored > 0) {
            this.stored = 0;
            this.listener.current.onSettled();
          }
          this.pump();
        });
    }
  }
}
