import type { IncomingMessage } from 'node:http';
import { HttpError, ValidationError } from '../../../lib/errors';
import type { ServerFiles } from '../../../runtime/files/ServerFiles';
import { countedChunks } from '../byteCounter';
import { checkUserPath, joinUserPath } from '../checkUserPath';
import type { DiskBudget } from '../DiskQuota';
import { allowAll, type FileGuard } from '../fileGuard';
import type { FileLimits } from '../fileLimits';
import { uploadName } from '../receiveUpload';
import { checkedAddress } from './addressPolicy';
import { httpGet } from './httpGet';
import { pulledFileName } from './pulledFileName';

const MiB = 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Connection, TLS and HTTP parser failures: the remote side's fault, answered 400 with the code.
const NETWORK_ERROR = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|EPROTO|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HPE_|ERR_SSL_)/;

export interface PullRequest {
  files: ServerFiles;
  url: string;
  directory: string;
  filename?: string;
  limits: FileLimits;
  allowHosts: readonly string[];
  budget: DiskBudget;
  /** Asked for file.update when the pull would replace a file. */
  guard?: FileGuard;
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError({ url: ['Enter a valid http or https URL.'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError({ url: ['Only http and https URLs can be pulled.'] });
  return url;
}

/** The URL without credentials or query, as the audit log keeps it. */
export const describeUrl = (url: URL): string => `${url.origin}${url.pathname}`;

/** Follows redirects, checking every hop's address like the first one; answers the final 200. */
async function fetchChecked(start: URL, limits: FileLimits, allowHosts: readonly string[], signal: AbortSignal): Promise<{ response: IncomingMessage; url: URL }> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const response = await httpGet(url, await checkedAddress(url, allowHosts), signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (hop >= limits.pullRedirects) throw new HttpError(400, `The URL redirected more than ${limits.pullRedirects} times.`);
      url = parseHttpUrl(new URL(location, url).toString());
      continue;
    }
    if (response.statusCode !== 200) {
      response.destroy();
      throw new HttpError(400, `The remote server answered ${response.statusCode} for ${describeUrl(url)}.`);
    }
    return { response, url };
  }
}

/**
 * Downloads an http(s) URL into `directory`, written atomically (a failure leaves nothing).
 * Every address connected to is checked (see addressPolicy), redirects included; the body is
 * limited in size (the pull limit and the free disk space) and the whole pull in time.
 */
export async function pullFromUrl({ files, url, directory, filename, limits, allowHosts, budget, guard = allowAll }: PullRequest): Promise<{ source: string; path: string; size: number }> {
  checkUserPath(directory);
  const explicitName = filename === undefined ? undefined : uploadName(filename);
  const signal = AbortSignal.timeout(limits.pullTimeoutMs);
  const timedOut = () => new HttpError(400, `The download took longer than ${Math.round(limits.pullTimeoutMs / 1000)} s and was stopped.`);
  const tooLarge = () => new HttpError(413, `The file is larger than the pull limit of ${Math.floor(limits.pullBytes / MiB)} MiB.`);
  try {
    const { response, url: finalUrl } = await fetchChecked(parseHttpUrl(url), limits, allowHosts, signal);
    const declared = Number(response.headers['content-length'] ?? NaN);
    if (declared > limits.pullBytes) {
      response.destroy();
      throw tooLarge();
    }
    const name = explicitName ?? pulledFileName(finalUrl, response.headers['content-disposition']);
    let size = 0;
    const chunks = countedChunks(response, (bytes) => {
      size += bytes;
      if (size > limits.pullBytes) throw tooLarge();
      budget.take(bytes);
    });
    const path = joinUserPath(directory, name);
    // Replacing a file is an update: asked before the download is written and again before it is put in place.
    await files.writeStream(path, chunks, { onTarget: (existing) => existing && guard('file.update') });
    if (!response.complete) throw signal.aborted ? timedOut() : new HttpError(400, 'The remote server closed the connection before the end of the file.');
    return { source: describeUrl(finalUrl), path, size };
  } catch (error) {
    // A refusal of our own (too large, refused address) stays what it is, even if the clock ran out meanwhile.
    if (signal.aborted && !(error instanceof HttpError)) throw timedOut();
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (!(error instanceof HttpError) && code && NETWORK_ERROR.test(code)) throw new HttpError(400, `The remote server could not be reached (${code}).`);
    throw error;
  }
}
