import type { Duplex } from 'node:stream';
import Docker from 'dockerode';
import { checkEngineTls, type EngineTls } from './engineTls';

export { checkEngineTls, describeEngineTls, type EngineTls, type EngineTlsSummary } from './engineTls';

/** Where an engine answers: `unix:///var/run/docker.sock` or `tcp://host:2376` (with TLS). */
export interface EngineAddress {
  dockerHost: string;
  tls?: EngineTls;
}

/**
 * A Docker Engine API client for one engine. A TCP engine is only spoken to over mutual TLS: the
 * engine's API is root on its machine, so an address without certificates is refused. The
 * engine's certificate is checked against the node's CA and against the address's host name or
 * IP (Node's TLS defaults: docker-modem passes `ca` and sets no `rejectUnauthorized` or
 * `checkServerIdentity` of its own); the material is checked first, so a bad paste or an expired
 * certificate is named plainly instead of surfacing as a handshake error on first use.
 */
export function createDockerClient(address: EngineAddress): Docker {
  const { dockerHost, tls } = address;
  if (dockerHost.startsWith('unix://')) return new Docker({ socketPath: dockerHost.slice('unix://'.length) });
  const match = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(dockerHost);
  if (!match) throw new Error(`The engine address "${dockerHost}" is neither unix:///path nor tcp://host:port.`);
  if (!tls) throw new Error(`The engine at ${dockerHost} needs TLS certificates (its API is root on that machine).`);
  checkEngineTls(tls, dockerHost);
  return new Docker({ host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]), protocol: 'https', ca: tls.ca, cert: tls.cert, key: tls.key });
}

/**
 * A container's attached stream with its small writes sent at once. Over TCP (a node reached
 * with TLS) the kernel otherwise holds a small write back until the one before is acknowledged
 * (Nagle's algorithm), and the engine acknowledges late: every request and answer of a file
 * helper waited some 40 ms, a backup of many small files read a few files a second per round trip.
 * A unix socket has no such delay (and no such setting).
 */
export function sendAtOnce<T extends Duplex>(stream: T): T {
  (stream as T & { setNoDelay?: (noDelay: boolean) => unknown }).setNoDelay?.(true);
  return stream;
}
