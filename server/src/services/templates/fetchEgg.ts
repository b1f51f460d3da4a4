import { HttpError, ValidationError } from '../../lib/errors';
import { checkedAddress } from '../files/pull/addressPolicy';
import { httpGet } from '../files/pull/httpGet';

/** Eggs are a few kilobytes; the largest public ones hold long install scripts. */
const MAX_EGG_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

/**
 * Fetches an egg file from an address under the same policy as a customer's "pull from URL":
 * http(s) only, every address connected to (redirects included) public unless the host allows it
 * (PANEL_PULL_ALLOW_HOSTS), limited in size and time.
 */
export async function fetchEgg(address: string, allowHosts: readonly string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ValidationError({ url: ['Enter a valid http or https URL.'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError({ url: ['Only http and https URLs can be fetched.'] });
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const response = await httpGet(url, await checkedAddress(url, allowHosts), signal);
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(response.statusCode ?? 0) && location && hop < MAX_REDIRECTS) {
        response.destroy();
        url = new URL(location, url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError({ url: ['Only http and https URLs can be fetched.'] });
        continue;
      }
      if (response.statusCode !== 200) {
        response.destroy();
        throw new HttpError(400, `The address answered ${response.statusCode}.`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_EGG_BYTES) {
          response.destroy();
          throw new HttpError(400, 'The egg file is larger than 1 MiB.');
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (signal.aborted) throw new HttpError(400, 'The address took too long to answer.');
    throw new HttpError(400, `The egg could not be fetched (${(error as NodeJS.ErrnoException).code ?? 'network error'}).`);
  }
}
