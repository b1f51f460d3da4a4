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

/** Connections kept open between deliveries, per receiving host and port. */
export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * Agents that keep a receiver's connections open for its next deliveries: opening and closing a
 * connection per delivery cost the panel more of its thread than all the rest of a delivery under
 * a flood. A kept connection was opened to an address checked then; each delivery still checks
 * its host again first, and its idle connections close before the receiver's announced keep-alive
 * ends (Node's agent reads it). `destroy` closes them all (the panel is stopping).
 */
export function keepAliveAgents(): WebhookAgents & { destroy(): void } {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

/** One request's result, and whether it failed on a kept connection before any answer (the receiver had closed it). */
interface OnceOutcome {
  responseCode: number | null;
  error: string | null;
  staleConnection: boolean;
}

function postOnce(url: URL, address: CheckedAddress, headers: Record<string, string>, payload: Buffer, timeoutMs: number, agent: http.Agent | false): Promise<OnceOutcome> {
  const lookup = ((_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    /** `keep`: the answer was read to its end, the connection may serve the next delivery. */
    const finish = (responseCode: number | null, error: string | null, keep = false, staleConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep) request.destroy();
      resolve({ responseCode, error, staleConnection });
    };
    const timer = setTimeout(() => finish(null, `No answer within ${Math.round(timeoutMs / 1000)} s.`), timeoutMs);
    const request = client.request(
      url,
      {
        method: 'POST',
        agent,
        lookup,
        headers: { 'user-agent': 'GamePanel-Webhook/1', 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
      },
      (response) => {
        const code = response.statusCode ?? 0;
        if (code >= 300 && code < 400) return finish(code, 'The receiver answered with a redirect, which is not followed.');
        const error = code >= 200 && code < 300 ? null : `The receiver answered ${code}.`;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) finish(code, error);
        });
        response.on('end', () => finish(code, error, true));
        response.on('error', (failure) => finish(code, failure.message));
      },
    );
    request.on('error', (failure) => finish(null, failure.message, false, request.reusedSocket));
    request.end(payload);
  });
}

/**
 * POSTs `body` to `url` on exactly `address` (already checked, so a second DNS answer cannot lead
 * elsewhere). A 2xx answer is success; a redirect is a failure and is not followed (its target was
 * never checked); the whole attempt, answer included, is cut at `timeoutMs`, and at most 64 KB of
 * the answer is read. With `agents`, a connection kept from an earlier delivery is used when there
 * is one; if the receiver had closed it, the request goes once more on a new connection (receivers
 * deduplicate by the event id in any case).
 */
export async function postWebhook(url: URL, address: CheckedAddress, headers: Record<string, string>, body: string, timeoutMs: number, agents?: WebhookAgents): Promise<PostOutcome> {
  const started = performance.now();
  const payload = Buffer.from(body, 'utf8');
  const agent = agents ? (url.protocol === 'https:' ? agents.https : agents.http) : false;
  let outcome = await postOnce(url, address, headers, payload, timeoutMs, agent);
  const left = timeoutMs - (performance.now() - started);
  if (outcome.staleConnection && left > 0) outcome = await postOnce(url, address, headers, payload, left, false);
  const { responseCode, error } = outcome;
  const ok = error === null && responseCode !== null && responseCode >= 200 && responseCode < 300;
  return { ok, responseCode, error, durationMs: Math.round(performance.now() - started) };
}
