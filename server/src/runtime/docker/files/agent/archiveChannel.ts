import { packArchive, type ArchiveOutput } from '../../../files/archive/packArchive';
import type { ArchivePlan, TreeReader } from '../../../files/ServerFiles';
import { FRAME_DATA, FRAME_HEADER, writeFrameHeader, type Message } from '../protocol';

/** Archive bytes per frame: the packer's many small pieces (stored blocks, zlib's output) share frames this large. */
const FRAME_BYTES = 256 * 1024;
/**
 * Archive bytes sent ahead of the panel's acks: more than a file's window, as an archive is one
 * long stream whose acks come back through the engine; a pause for them is a pause of the whole
 * backup. What is ahead waits in the engine's and the panel's buffers.
 */
const ARCHIVE_WINDOW = 8 * 1024 * 1024;

/**
 * A backup's archive packed here, next to the files, with the panel's own packer (so the archive
 * is the one the panel would have made), and sent to the panel as it is made: a window ahead of
 * the panel's acks at most, so a slow sink on the panel's side holds back the reading of files
 * here. The archive's bytes are laid out straight into frames (one copy, none for the frame's
 * header). The panel's `cancel` stops the packing at the next entry; progress goes as `progress`.
 */
export async function archiveChannel(
  tree: TreeReader,
  plan: ArchivePlan,
  send: { frame(frame: Buffer): void; json(message: Message): void },
  channel: number,
  listen: (on: (message: Message) => void) => void,
): Promise<void> {
  const stopper = new AbortController();
  let unacked = 0;
  let waiting: Array<() => void> = [];
  let failure: Error | null = null;
  const wakeAll = () => {
    const woken = waiting;
    waiting = [];
    for (const go of woken) go();
  };
  listen((message) => {
    if (message.t === 'cancel') {
      stopper.abort(Object.assign(new Error('The archive was stopped.'), { code: 'ECANCELED' }));
      wakeAll();
    } else if (message.t === 'ack') {
      unacked -= Number(message.bytes);
      if (unacked < ARCHIVE_WINDOW) wakeAll();
    }
  });

  let frame = Buffer.allocUnsafe(FRAME_HEADER + FRAME_BYTES);
  let fill = 0;
  const sendFrame = () => {
    if (fill === 0) return;
    writeFrameHeader(frame, FRAME_DATA, channel, fill);
    send.frame(frame.subarray(0, FRAME_HEADER + fill));
    unacked += fill;
    frame = Buffer.allocUnsafe(FRAME_HEADER + FRAME_BYTES);
    fill = 0;
  };
  // Waiting for the panel's acks: what is laid out in the frame goes first, or they never come.
  const roomLater = (go: () => void): boolean => {
    if (unacked < ARCHIVE_WINDOW || stopper.signal.aborted) return false;
    sendFrame();
    waiting.push(go);
    return true;
  };
  const output: ArchiveOutput = {
    emit(chunk, done) {
      for (let at = 0; at < chunk.length;) {
        const copied = chunk.copy(frame, FRAME_HEADER + fill, at);
        at += copied;
        fill += copied;
        if (fill === FRAME_BYTES) sendFrame();
      }
      // The chunk was copied: its memory goes back to the packer once the window has room.
      if (done && !roomLater(() => done())) done();
    },
    waitForRoom: roomLater,
    fail: (error) => void (failure ??= error),
    get failure() {
      return failure;
    },
  };
  let lastDone = -1;
  const onProgress = (done: number) => {
    if (done === lastDone) return;
    lastDone = done;
    send.json({ t: 'progress', done });
  };
  // The stream's opening (a file's would describe it; an archive has nothing to say yet).
  send.json({ t: 'info', info: null });
  await packArchive(tree, plan, output, onProgress, stopper.signal);
  sendFrame();
}
