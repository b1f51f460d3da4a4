import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { describeError, InstallError } from './InstallError';

const CONNECT_TIMEOUT_MS = 30_000;
const TOTAL_TIMEOUT_MS = 30 * 60_000;

/** Fetches JSON, failing with the real network or HTTP error. */
export async function fetchJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
  } catch (error) {
    throw new InstallError(`Could not reach ${url}: ${describeError(error)}`);
  }
  if (!response.ok) throw new InstallError(`${url} answered HTTP ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

/**
 * Downloads `url` to `target` (absolute, already resolved inside the server's root) through a
 * temporary file, checking the SHA-1 when one is given, so a failed download leaves nothing.
 */
export async function downloadFile(url: string, target: string, sha1?: string, log?: (line: string) => void): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TOTAL_TIMEOUT_MS) });
  } catch (error) {
    throw new InstallError(`Download of ${url} failed: ${describeError(error)}`);
  }
  if (!response.ok || !response.body) throw new InstallError(`Download of ${url} failed: HTTP ${response.status} ${response.statusText}`);
  const temp = join(dirname(target), `.download-${randomBytes(6).toString('hex')}`);
  // Before the body is read: its 'data' listener below starts it flowing, and bytes that flow
  // before the pipeline is attached would be hashed but never written.
  await fs.mkdir(dirname(target), { recursive: true });
  const hash = createHash('sha1');
  let bytes = 0;
  const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  try {
    await pipeline(body, createWriteStream(temp, { mode: 0o644 }));
    const digest = hash.digest('hex');
    if (sha1 && digest !== sha1.toLowerCase()) throw new InstallError(`Download of ${url} is corrupt (SHA-1 ${digest}, expected ${sha1}).`);
    await fs.rename(temp, target);
    log?.(`Downloaded ${url} (${Math.round(bytes / 1024)} KiB).`);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error instanceof InstallError ? error : new InstallError(`Download of ${url} failed: ${describeError(error)}`);
  }
}
