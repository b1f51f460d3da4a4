import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ServerFiles } from '../../files/ServerFiles';
import { describeError, InstallError } from '../../install/InstallError';

const TOTAL_TIMEOUT_MS = 30 * 60_000;

/**
 * Downloads `url` into the server's file `to` through the file port (the panel fetches it and
 * streams it to the node), checking the SHA-1 when one is given. The port writes atomically and
 * drops what it wrote when the source fails: a broken or corrupt download leaves nothing, and a
 * file already there stays as it was.
 */
export async function downloadToPort(files: ServerFiles, url: string, to: string, options: { sha1?: string; mode?: number; log?: (line: string) => void } = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TOTAL_TIMEOUT_MS) });
  } catch (error) {
    throw new InstallError(`Download of ${url} failed: ${describeError(error)}`);
  }
  if (!response.ok || !response.body) throw new InstallError(`Download of ${url} failed: HTTP ${response.status} ${response.statusText}`);
  const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
  let bytes = 0;
  async function* checked(): AsyncIterable<Buffer> {
    const hash = createHash('sha1');
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
    const digest = hash.digest('hex');
    // Thrown before the port commits the file: the corrupt download never replaces anything.
    if (options.sha1 && digest !== options.sha1.toLowerCase()) throw new InstallError(`Download of ${url} is corrupt (SHA-1 ${digest}, expected ${options.sha1}).`);
  }
  try {
    await files.writeStream(to, checked(), { mode: options.mode ?? 0o644, createFolders: true });
  } catch (error) {
    body.destroy();
    throw error instanceof InstallError ? error : new InstallError(`Download of ${url} failed: ${describeError(error)}`);
  }
  options.log?.(`Downloaded ${url} (${Math.round(bytes / 1024)} KiB).`);
}
