import { connect as connectTcp, isIP, type OnReadOpts, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type Docker from 'dockerode';

/** How dockerode's modem reaches its engine (see createDockerClient). */
interface ModemAddress {
  socketPath?: string;
  host?: string;
  port?: number | string;
  protocol?: string;
  ca?: string;
  cert?: string;
  key?: string;
  version?: string;
}

const modemOf = (docker: Docker): ModemAddress => docker.modem as unknown as ModemAddress;

/** An API path as the engine's client sends it: with its version prefix, when it has one. */
export function enginePath(docker: Docker, path: string): string {
  const { version } = modemOf(docker);
  return version ? `/${version}${path}` : path;
}

/**
 * Takes the bytes a socket reads, valid only during the call (the socket reads the next ones into
 * the same memory); answering false pauses the reading until the socket's `resume()`.
 */
export type SocketBytes = (bytes: Buffer) => boolean;

/**
 * A raw connection to the engine behind a client, made as the client makes its own: the engine's
 * unix socket, or TCP with the node's mutual TLS (the engine's certificate checked against the
 * node's CA and the address, Node's defaults, as docker-modem leaves them). Every byte read lands
 * in `buffer` and is handed to `onBytes`: a stream of a gigabyte is read into one buffer instead of
 * a fresh one per read, which would leave the panel's garbage collector a gigabyte to sweep.
 * Resolves once connected (and the TLS handshake done).
 */
export function connectEngine(docker: Docker, buffer: Buffer, onBytes: SocketBytes): Promise<Socket> {
  const modem = modemOf(docker);
  const onread: OnReadOpts = { buffer, callback: (length: number, read: Uint8Array) => onBytes((read as Buffer).subarray(0, length)) };
  return new Promise((resolve, reject) => {
    let socket: Socket;
    if (modem.socketPath) {
      socket = connectTcp({ path: modem.socketPath, onread }, () => settle());
    } else {
      const host = modem.host ?? 'localhost';
      const tls = modem.protocol === 'https';
      const port = Number(modem.port ?? (tls ? 2376 : 2375));
      // Node's TLS sockets take `onread` as TCP ones do (its types leave it out).
      const secure: ConnectionOptions & { onread: OnReadOpts } = { host, port, ca: modem.ca, cert: modem.cert, key: modem.key, servername: isIP(host) ? undefined : host, onread };
      socket = tls ? connectTls(secure, () => settle()) : connectTcp({ host, port, onread }, () => settle());
    }
    const settle = () => {
      // A request's head and its first bytes go out at once (see sendAtOnce).
      socket.setNoDelay(true);
      resolve(socket);
    };
    // Kept once connected (a rejection then is a no-op): the caller's own listener comes a moment later.
    socket.on('error', reject);
  });
}
