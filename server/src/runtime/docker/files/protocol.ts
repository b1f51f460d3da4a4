import { PathEscapeError } from '../../files/PathEscapeError';

/**
 * The wire of the file helper: frames of `[kind u8][channel u32][length u32][payload]`, both ways
 * (the panel writes them to the helper's standard input, the helper to its standard output). A
 * channel is one call; its control messages are JSON, file contents go as binary frames so a
 * large file is never turned into text. Every channel ends with exactly one `ok` or `err` from
 * the helper.
 */
export const FRAME_JSON = 1;
export const FRAME_DATA = 2;
const HEADER = 9;

/** Bytes of file content in flight on one stream before the sender waits for the reader's acks. */
export const STREAM_WINDOW = 4 * 1024 * 1024;
/** Entries of a walk per message. */
export const WALK_BATCH = 500;

/**
 * Bumped when the frames or messages change, or the agent's own work does (a node keeps the
 * image it built): a helper of another version is not spoken to, and the node's image is built again.
 */
export const PROTOCOL_VERSION = 4;

/** A call's control messages (`t` says which). */
export type Message = { t: string } & Record<string, unknown>;

/** An error as it crosses the wire: its message, its errno-like code, and whether it is a path escape. */
export interface WireError {
  message: string;
  code?: string;
  escape?: string;
}

export function encodeJson(channel: number, message: Message): Buffer {
  return frame(FRAME_JSON, channel, Buffer.from(JSON.stringify(message)));
}

export function encodeData(channel: number, data: Buffer): Buffer {
  return frame(FRAME_DATA, channel, data);
}

function frame(kind: number, channel: number, payload: Buffer): Buffer {
  const header = Buffer.allocUnsafe(HEADER);
  writeFrameHeader(header, kind, channel, payload.length);
  return Buffer.concat([header, payload]);
}

/** Bytes before a frame's payload. */
export const FRAME_HEADER = HEADER;

/** Writes a frame's header into the first FRAME_HEADER bytes of `target` (a frame laid out in place). */
export function writeFrameHeader(target: Buffer, kind: number, channel: number, length: number): void {
  target.writeUInt8(kind, 0);
  target.writeUInt32BE(channel, 1);
  target.writeUInt32BE(length, 5);
}

/**
 * Cuts a byte stream into frames, whatever the chunks it arrives in. A JSON frame is given whole;
 * file content is given as it arrives, in pieces of the chunks read (no copy: a backup's gigabyte
 * would otherwise be gathered into a fresh buffer per frame, and freed memory of that size is
 * what made the panel's resident memory grow), each piece with its frame's channel.
 */
export class FrameReader {
  private header = Buffer.alloc(0);
  private kind = 0;
  private channel = 0;
  /** Bytes of the current frame's payload still to come (0: a header is next). */
  private left = 0;
  private json: Buffer[] = [];

  constructor(private readonly onFrame: (kind: number, channel: number, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.left === 0) {
        const need = HEADER - this.header.length;
        this.header = Buffer.concat([this.header, chunk.subarray(offset, offset + need)]);
        offset += Math.min(need, chunk.length - offset);
        if (this.header.length < HEADER) return;
        this.kind = this.header.readUInt8(0);
        this.channel = this.header.readUInt32BE(1);
        this.left = this.header.readUInt32BE(5);
        this.header = Buffer.alloc(0);
        if (this.left === 0) this.onFrame(this.kind, this.channel, Buffer.alloc(0));
        continue;
      }
      const piece = chunk.subarray(offset, offset + Math.min(this.left, chunk.length - offset));
      offset += piece.length;
      this.left -= piece.length;
      if (this.kind === FRAME_DATA) {
        this.onFrame(FRAME_DATA, this.channel, piece);
        continue;
      }
      this.json.push(piece);
      if (this.left === 0) {
        const whole = this.json.length === 1 ? this.json[0] : Buffer.concat(this.json);
        this.json = [];
        this.onFrame(this.kind, this.channel, whole);
      }
    }
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof PathEscapeError) return { message: error.message, escape: error.path };
  const { message, code } = error as NodeJS.ErrnoException;
  return { message: typeof message === 'string' ? message : String(error), code: typeof code === 'string' ? code : undefined };
}

/** The error again on the panel's side: the same class for an escape, the same `code` otherwise. */
export function fromWireError(wire: WireError): Error {
  if (wire.escape !== undefined) return new PathEscapeError(wire.escape);
  return Object.assign(new Error(wire.message), wire.code ? { code: wire.code } : {});
}
