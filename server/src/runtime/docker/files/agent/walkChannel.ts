import type { ServerFiles, WalkEntry } from '../../../files/ServerFiles';
import { WALK_BATCH, type Message } from '../protocol';

/**
 * A walk sent in batches, no more than two ahead of what the panel has taken (it asks for `more`
 * as it goes), so a walk of a huge volume never piles up in either process. Folders the panel's
 * caller skips are named back (`skip`) and not entered when the walk has not reached them yet;
 * the panel leaves out what was sent before it could say so.
 */
export async function walkChannel(files: ServerFiles, path: string, send: (entries: WalkEntry[]) => void, listen: (on: (message: Message) => void) => void): Promise<void> {
  const skipped = new Set<string>();
  let credit = 2;
  let stopped = false;
  let wake: (() => void) | null = null;
  listen((message) => {
    if (message.t === 'more') credit += 1;
    else if (message.t === 'skip') skipped.add(String(message.path));
    else if (message.t === 'cancel') stopped = true;
    const waiting = wake;
    wake = null;
    waiting?.();
  });
  let batch: WalkEntry[] = [];
  const flush = async () => {
    while (credit === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    if (stopped) return;
    credit -= 1;
    send(batch);
    batch = [];
  };
  for await (const entry of files.walk(path, { skip: (entryPath) => skipped.has(entryPath) })) {
    batch.push(entry);
    if (batch.length >= WALK_BATCH) await flush();
    if (stopped) return;
  }
  if (batch.length > 0) await flush();
}
