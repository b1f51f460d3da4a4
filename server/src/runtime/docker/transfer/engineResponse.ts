/** An engine's answer to a request, read on a raw connection (see connectEngine). */
export interface ResponseHandlers {
  /** The status line and headers (names in lower case) have come. */
  head(status: number, headers: Map<string, string>): void;
  /** A piece of the body, valid only during the call; false asks the connection to pause. */
  body(piece: Buffer): boolean;
  /** The whole body has come (its last chunk, or its Content-Length). */
  end(): void;
}

/** The engine's answer is not HTTP as it speaks it (a damaged or foreign stream). */
export class EngineResponseError extends Error {}

/** A status line and headers larger than this are not an engine's. */
const MAX_HEAD = 64 * 1024;
/** A chunk's size line or a trailer line longer than this is not an engine's. */
const MAX_LINE = 1024;
const CRLF = Buffer.from('\r\n');

type State = 'head' | 'size' | 'data' | 'dataEnd' | 'trailer' | 'raw' | 'done';

/**
 * Reads an HTTP/1.1 response as its bytes arrive, in pieces cut anywhere: the head, then a body
 * sent in chunks (the engine's streams), with a Content-Length, or until the connection closes.
 * Body pieces are parts of the bytes pushed, never copied here.
 */
export class EngineResponse {
  private state: State = 'head';
  private line: Buffer[] = [];
  private lineBytes = 0;
  /** Body bytes left: of the current chunk, or of a Content-Length body. */
  private left = 0;
  private lengthKnown = false;

  constructor(private readonly handlers: ResponseHandlers) {}

  /** Whether the body has ended (a response read until the connection closes ends with it: see `closed`). */
  get complete(): boolean {
    return this.state === 'done';
  }

  /** Takes the next bytes read; answers false when the body's reader asked to pause. */
  push(bytes: Buffer): boolean {
    let go = true;
    let at = 0;
    while (at < bytes.length && this.state !== 'done') {
      if (this.state === 'data' || this.state === 'raw') {
        const take = this.state === 'raw' && !this.lengthKnown ? bytes.length - at : Math.min(this.left, bytes.length - at);
        go = this.handlers.body(bytes.subarray(at, at + take)) && go;
        at += take;
        if (this.state === 'raw' && !this.lengthKnown) continue;
        this.left -= take;
        if (this.left > 0) continue;
        if (this.state === 'raw') this.finish();
        else this.state = 'dataEnd';
        continue;
      }
      const end = bytes.indexOf(CRLF[1], at);
      const until = end === -1 ? bytes.length : end + 1;
      this.line.push(Buffer.from(bytes.subarray(at, until)));
      this.lineBytes += until - at;
      at = until;
      if (this.lineBytes > (this.state === 'head' ? MAX_HEAD : MAX_LINE)) throw new EngineResponseError('The engine answered with an oversized header.');
      if (end === -1) continue;
      const text = Buffer.concat(this.line).toString('latin1');
      // The head is read whole (up to its empty line); other lines one at a time.
      if (this.state === 'head' && !text.endsWith('\r\n\r\n')) continue;
      this.line = [];
      this.lineBytes = 0;
      this.onLine(text);
    }
    return go;
  }

  /** The connection closed: a body read until then has ended; any other incomplete answer is an error. */
  closed(): void {
    if (this.state === 'raw' && !this.lengthKnown) return this.finish();
    if (this.state !== 'done') throw new EngineResponseError('The engine closed the connection in the middle of its answer.');
  }

  private onLine(text: string): void {
    if (this.state === 'head') return this.onHead(text);
    if (!text.endsWith('\r\n')) throw new EngineResponseError('The engine’s answer has a line without its end.');
    const line = text.slice(0, -2);
    if (this.state === 'dataEnd') {
      if (line !== '') throw new EngineResponseError('A chunk of the engine’s answer is longer than it said.');
      this.state = 'size';
    } else if (this.state === 'size') {
      const size = line.split(';', 1)[0].trim();
      if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw new EngineResponseError('A chunk of the engine’s answer has no readable size.');
      this.left = parseInt(size, 16);
      this.state = this.left === 0 ? 'trailer' : 'data';
    } else if (this.state === 'trailer' && line === '') {
      this.finish();
    }
  }

  private onHead(text: string): void {
    const [statusLine, ...lines] = text.split('\r\n').filter(Boolean);
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!status) throw new EngineResponseError(`The engine answered something other than HTTP: ${statusLine.slice(0, 100)}`);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    this.handlers.head(Number(status[1]), headers);
    if (this.state === 'done') return;
    const length = headers.get('content-length');
    if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
      this.state = 'size';
    } else if (length !== undefined) {
      if (!/^\d+$/.test(length)) throw new EngineResponseError('The engine’s answer has an unreadable Content-Length.');
      this.lengthKnown = true;
      this.left = Number(length);
      if (this.left === 0) this.finish();
      else this.state = 'raw';
    } else {
      this.state = 'raw';
    }
  }

  private finish(): void {
    this.state = 'done';
    this.handlers.end();
  }
}
