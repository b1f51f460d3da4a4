import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from './addressPolicy';

/**
 * GET `url` on exactly `address` (already checked): the socket's DNS lookup is replaced by one
 * that answers the checked address, so a second resolution cannot lead elsewhere (DNS
 * rebinding). The Host header and the TLS name stay those of the URL.
 */
export function httpGet(url: URL, address: CheckedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const lookup = ((_hostname, options, callback) => {
    // With happy eyeballs (autoSelectFamily) Node asks for every address at once.
    if (options.all) (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'GET', agent: false, lookup, signal, headers: { 'user-agent': 'GamePanel-FilePull/1', accept: '*/*', 'accept-encoding': 'identity' } }, resolve);
    request.on('error', reject);
    request.end();
  });
}
