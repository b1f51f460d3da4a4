import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from '../files/pull/addressPolicy';

/** Most of an answer the panel reads (the rest is not waited for). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** How one POST went: the status code when there was an answer, the reason when it failed. */
export interface PostOutcome {
  ok: boolean;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs `body` to `url` on exactly `address` (already checked, so a second DNS answer cannot lead
 * elsewhere). A 2xx answer is success; a redirect is a failure and is not followed (its target was
 * never checked); the whole attempt, answer included, is cut at `timeoutMs`, and at most 64 KB of
 * the answer is read.
 */
export function postWebhook(url: URL, address: CheckedAddress, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostOutcome> {
  const started = performance.now();
  const lookup = ((_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (responseCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      const ok = error === null && responseCode !== null && responseCode >= 200 && responseCode < 300;
      resolve({ ok, responseCode, error, durationMs: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => finish(null, `No answer within ${Math.round(timeoutMs / 1000)} s.`), timeoutMs);
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup,
        headers: { 'user-agent': 'GamePanel-Webhook/1', 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
      },
      (response) => {
        const code = response.statusCode ?? 0;
        if (code >= 300 && code < 400) return finish(code, 'The receiver answered with a redirect, which is not followed.');
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) finish(code, code >= 200 && code < 300 ? null : `The receiver answered ${code}.`);
        });
        response.on('end', () => finish(code, code >= 200 && code < 300 ? null : `The receiver answered ${code}.`));
        response.on('error', (error) => finish(code, error.message));
      },
    );
    request.on('error', (error) => finish(null, error.message));
    request.end(payload);
  });
}
