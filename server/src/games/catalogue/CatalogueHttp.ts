import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CatalogueUnavailableError, DownloadRefusedError, type Checksum } from './types';

interface CachedAnswer {
  body: string;
  etag: string | null;
  lastModified: string | null;
  fetchedAt: number;
}

export interface CatalogueHttpOptions {
  /** Name of the API for messages ("Mojang", "PaperMC" ...). */
  name: string;
  /** Host names answers and downloads may come from (redirects included). */
  allowedHosts: string[];
  /** Answers are used without asking again for this long; after it, revalidated with ETag/Last-Modified. */
  ttlMs?: number;
  /** Largest download accepted, in bytes. */
  maxDownloadBytes?: number;
  timeoutMs?: number;
  /** Headers of every API request (an API key); never sent with downloads. */
  apiHeaders?: Record<string, string>;
}

/** What a text fetch answered, and whether it came from the cache because the API was down. */
export interface CachedText {
  body: string;
  stale: boolean;
}

const MAX_REDIRECTS = 5;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The HTTP client of one catalogue provider: answers cached (fresh for the TTL, then revalidated
 * with If-None-Match / If-Modified-Since, served stale when the API is down), every request and
 * redirect kept to the provider's own hosts, and downloads capped in size and verified against
 * their checksum before they are moved into place.
 */
export class CatalogueHttp {
  private readonly cache = new Map<string, CachedAnswer>();
  private readonly inflight = new Map<string, Promise<CachedText>>();
  readonly ttlMs: number;
  readonly maxDownloadBytes: number;
  private readonly timeoutMs: number;
  /** When an answer last came from the cache because the API could not be reached (null once it answers again). */
  staleSince: number | null = null;

  constructor(private readonly options: CatalogueHttpOptions) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxDownloadBytes = options.maxDownloadBytes ?? 256 * 1024 * 1024;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  get name(): string {
    return this.options.name;
  }

  /** Refuses URLs outside the provider's hosts (and anything but http/https). */
  assertAllowed(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DownloadRefusedError(`"${url}" is not a valid address.`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || !this.options.allowedHosts.includes(parsed.host.toLowerCase())) {
      throw new DownloadRefusedError(`${parsed.host} is not one of the ${this.options.name} hosts; the download was refused.`);
    }
    return parsed;
  }

  /** Follows redirects by hand so every hop is checked against the allowlist. */
  private async request(url: string, headers: Record<string, string>, timeoutMs: number, body?: string): Promise<Response> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      this.assertAllowed(current);
      let response: Response | null = null;
      // One retry: a kept-alive connection the API closed in between fails once with ECONNRESET.
      for (let attempt = 0; response === null; attempt++) {
        try {
          response = await fetch(current, { method: body === undefined ? 'GET' : 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          if (attempt === 0 && (error as Error).name !== 'TimeoutError') continue;
          throw new CatalogueUnavailableError(this.options.name, current, cause?.message ?? (error as Error).message);
        }
      }
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && response.headers.get('location')) {
        await response.body?.cancel();
        current = new URL(response.headers.get('location')!, current).toString();
        continue;
      }
      return response;
    }
    throw new CatalogueUnavailableError(this.options.name, url, 'too many redirects');
  }

  /** A text answer (JSON, XML), cached as described above. */
  getText(url: string): Promise<CachedText> {
    return this.cachedText(url, url);
  }

  /**
   * A JSON answer to a POST of a JSON body (lookups such as Modrinth's version files by hash),
   * cached by address and body the same way as answers to GET.
   */
  async postJson<T>(url: string, body: unknown): Promise<T> {
    const text = JSON.stringify(body);
    const { body: answer } = await this.cachedText(`POST ${url} ${text}`, url, text);
    try {
      return JSON.parse(answer) as T;
    } catch {
      throw new CatalogueUnavailableError(this.options.name, url, 'the answer is not JSON');
    }
  }

  private cachedText(key: string, url: string, body?: string): Promise<CachedText> {
    const running = this.inflight.get(key);
    if (running) return running;
    const run = this.fetchText(key, url, body).finally(() => this.inflight.delete(key));
    this.inflight.set(key, run);
    return run;
  }

  private async fetchText(key: string, url: string, requestBody?: string): Promise<CachedText> {
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.fetchedAt < this.ttlMs) return { body: cached.body, stale: false };
    const headers: Record<string, string> = { accept: 'application/json, application/xml;q=0.9, */*;q=0.5', 'user-agent': 'game-panel (catalogue)' };
    Object.assign(headers, this.options.apiHeaders);
    if (requestBody !== undefined) headers['content-type'] = 'application/json';
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
    let response: Response;
    try {
      response = await this.request(url, headers, this.timeoutMs, requestBody);
    } catch (error) {
      if (cached && error instanceof CatalogueUnavailableError) {
        this.staleSince ??= Date.now();
        return { body: cached.body, stale: true };
      }
      throw error;
    }
    this.staleSince = null;
    if (response.status === 304 && cached) {
      cached.fetchedAt = Date.now();
      return { body: cached.body, stale: false };
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new HttpNotFound(url);
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (cached) {
        this.staleSince ??= Date.now();
        return { body: cached.body, stale: true };
      }
      throw new CatalogueUnavailableError(this.options.name, url, `HTTP ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_ANSWER_BYTES) throw new CatalogueUnavailableError(this.options.name, url, 'answer too large');
    const body = await response.text();
    this.cache.set(key, { body, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified'), fetchedAt: Date.now() });
    return { body, stale: false };
  }

  async getJson<T>(url: string): Promise<T> {
    const { body } = await this.getText(url);
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new CatalogueUnavailableError(this.options.name, url, 'the answer is not JSON');
    }
  }

  /** Forgets cached answers (tests measure cold requests). */
  clear(): void {
    this.cache.clear();
  }

  /**
   * Downloads `url` to `target` through a temporary file beside it. The size is capped while
   * streaming, the digest compared at the end, and only a verified file is renamed into place:
   * a refused download leaves `target` as it was.
   */
  async download(url: string, target: string, checksum: Checksum | null, onProgress?: (done: number, total: number | null) => void): Promise<{ bytes: number; digest: string | null }> {
    if (!checksum) throw new DownloadRefusedError(`${url} has no checksum to verify; the download was refused.`);
    return this.fetchFile(url, target, checksum.algorithm, checksum.value, onProgress);
  }

  /**
   * For catalogues that publish no checksum (SpiGet): the same allowlisted, size-capped download
   * through a temporary file, answering the file's digest (to record and recognise it later)
   * since there is nothing to compare it with.
   */
  async downloadUnchecked(
    url: string,
    target: string,
    algorithm: Checksum['algorithm'] = 'sha512',
    onProgress?: (done: number, total: number | null) => void,
  ): Promise<{ bytes: number; digest: string }> {
    const { bytes, digest } = await this.fetchFile(url, target, algorithm, null, onProgress);
    return { bytes, digest: digest! };
  }

  private async fetchFile(
    url: string,
    target: string,
    algorithm: Checksum['algorithm'],
    expected: string | null,
    onProgress?: (done: number, total: number | null) => void,
  ): Promise<{ bytes: number; digest: string | null }> {
    const checksum = { algorithm, value: expected };
    const response = await this.request(url, { 'user-agent': 'game-panel (catalogue)' }, 30 * 60_000);
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new CatalogueUnavailableError(this.options.name, url, `HTTP ${response.status}`);
    }
    const declared = response.headers.get('content-length');
    const total = declared ? Number(declared) : null;
    if (total !== null && total > this.maxDownloadBytes) {
      await response.body.cancel();
      throw new DownloadRefusedError(`The download is ${total} bytes, more than the ${this.maxDownloadBytes} bytes allowed.`);
    }
    await fs.mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.catalogue-${randomBytes(6).toString('hex')}`);
    const hash = createHash(checksum.algorithm);
    let bytes = 0;
    const cap = this.maxDownloadBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > cap) return done(new DownloadRefusedError(`The download is larger than the ${cap} bytes allowed.`));
        hash.update(chunk);
        onProgress?.(bytes, total);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>), meter, createWriteStream(temp, { mode: 0o644 }));
      const digest = hash.digest('hex');
      if (checksum.value !== null && digest !== checksum.value.toLowerCase()) {
        throw new DownloadRefusedError(`The download's ${checksum.algorithm.toUpperCase()} is ${digest}, but the catalogue says ${checksum.value}: it was refused and nothing was changed.`);
      }
      await fs.rename(temp, target);
      return { bytes, digest };
    } catch (error) {
      await fs.rm(temp, { force: true });
      if (error instanceof DownloadRefusedError) throw error;
      throw new CatalogueUnavailableError(this.options.name, url, (error as Error).message);
    }
  }
}

/** The API answered 404 for this address (an unknown version, for instance). */
export class HttpNotFound extends Error {
  constructor(readonly url: string) {
    super(`${url} was not found.`);
  }
}
