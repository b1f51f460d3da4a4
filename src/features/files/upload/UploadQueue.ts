import { uploadFile, type UploadHandle } from './uploadFile';
import type { UploadEvent } from './uploadItems';
import type { UploadSource } from './uploadSources';

/** Files sent at the same time; the others wait their turn (and can be cancelled while waiting). */
const PARALLEL_UPLOADS = 2;

interface QueuedFile extends UploadSource {
  id: string;
  directory: string;
}

/** What the queue reports to the page (read at the time of each event, so it may change). */
export interface UploadQueueListener {
  /** A change of the upload list. */
  onEvent: (event: UploadEvent) => void;
  /** The sentence shown for a failed upload's error. */
  describeError: (error: unknown) => string;
  /** The queue ran dry after at least one file was stored. */
  onSettled: () => void;
}

let nextId = 0;

/**
 * The upload queue of one server: each file is its own request, so each has its own progress and
 * can be cancelled alone; at most two run at once.
 */
export class UploadQueue {
  private readonly waiting: QueuedFile[] = [];
  private readonly running = new Map<string, UploadHandle>();
  private stored = 0;

  constructor(
    private readonly serverId: string,
    private readonly listener: { current: UploadQueueListener },
  ) {}

  /** Queues files for `directory` (each at its relative path below it) and starts what may start. */
  add(sources: readonly UploadSource[], directory: string): void {
    const queued = sources.map(({ file, path }) => ({ id: `upload-${++nextId}`, file, path, directory }));
    this.listener.current.onEvent({ type: 'added', items: queued.map(({ id, file, path }) => ({ id, name: path, size: file.size, loaded: 0, status: 'queued' })) });
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
      const next = this.waiting.shift() as QueuedFile;
      const emit = (event: UploadEvent) => this.listener.current.onEvent(event);
      const handle = uploadFile(this.serverId, next.directory, next.file, next.path, (loaded) => emit({ type: 'progressed', id: next.id, loaded }));
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
