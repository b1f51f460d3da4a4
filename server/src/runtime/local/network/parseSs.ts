/**
 * Arguments of the one `ss` call per sampling tick: TCP sockets (`-t`) in every connected state,
 * numeric addresses (`-n`), the kernel's tcp_info with byte counters (`-i`), the socket's inode
 * and cookie (`-e`) and no header (`-H`).
 */
export const SS_ARGS: readonly string[] = ['-H', '-t', '-n', '-i', '-e', 'state', 'connected'];

/** Byte counters of a TCP connection, from the kernel's tcp_info. */
export interface TcpCounters {
  /** Payload bytes received (`bytes_received`). */
  received: number;
  /** Payload bytes sent, retransmissions included (`bytes_sent`; from `bytes_acked` on older kernels). */
  sent: number;
}

/** One TCP connection of this machine as `ss` lists it. */
export interface TcpConnection {
  state: string;
  localAddress: string;
  localPort: number;
  peerAddress: string;
  peerPort: number;
  /** The socket's inode (0 once the program has closed it: orphaned sockets, TIME-WAIT). */
  inode: number;
  /** The kernel's socket cookie (`sk:`), stable for the socket's whole life; null if not shown. */
  cookie: string | null;
  /** Null where the kernel keeps no tcp_info (TIME-WAIT, SYN-RECV). */
  counters: TcpCounters | null;
}

/** `127.0.0.1:25565`, `[::ffff:10.0.0.1]:25565`, `[fe80::1]%eth0:22` → address and port. */
function parseEndpoint(text: string): { address: string; port: number } | null {
  const colon = text.lastIndexOf(':');
  if (colon < 0) return null;
  const port = Number(text.slice(colon + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) return null;
  return { address: text.slice(0, colon).replace(/^\[(.*)\](%.*)?$/, '$1$2'), port };
}

/** A counter of the info line; ss leaves out the ones that are zero. */
function counter(info: string, name: string): number | null {
  const match = new RegExp(`(?:^|\\s)${name}:(\\d+)`).exec(info);
  return match ? Number(match[1]) : null;
}

/**
 * States in which the peer's FIN has arrived. The kernel counts the FIN's sequence number in
 * bytes_received, so a closed connection would otherwise report one byte more than was sent.
 */
const PEER_FIN_RECEIVED = new Set(['CLOSE-WAIT', 'LAST-ACK', 'CLOSING']);

function parseCounters(info: string, state: string): TcpCounters | null {
  // TIME-WAIT sockets get an info line of blanks: there is nothing to read.
  if (info.trim() === '') return null;
  const received = counter(info, 'bytes_received') ?? 0;
  // Kernels before 4.19 have no bytes_sent: bytes_acked, less the SYN it counts, is the closest.
  const acked = counter(info, 'bytes_acked');
  return {
    received: PEER_FIN_RECEIVED.has(state.toUpperCase()) ? Math.max(0, received - 1) : received,
    sent: counter(info, 'bytes_sent') ?? (acked === null ? 0 : Math.max(0, acked - 1)),
  };
}

function parseSocketLine(line: string, info: string): TcpConnection | null {
  const tokens = line.trim().split(/\s+/);
  // A filter on a single state makes ss leave out the State column.
  const hasState = !/^\d+$/.test(tokens[0] ?? '');
  const [state, , , local, peer, ...rest] = hasState ? tokens : ['', ...tokens];
  const localEnd = local ? parseEndpoint(local) : null;
  const peerEnd = peer ? parseEndpoint(peer) : null;
  if (!localEnd || !peerEnd) return null;
  const inode = Number(rest.find((token) => token.startsWith('ino:'))?.slice(4) ?? 0);
  return {
    state,
    localAddress: localEnd.address,
    localPort: localEnd.port,
    peerAddress: peerEnd.address,
    peerPort: peerEnd.port,
    inode: Number.isFinite(inode) ? inode : 0,
    cookie: rest.find((token) => token.startsWith('sk:'))?.slice(3) ?? null,
    counters: parseCounters(info, state),
  };
}

/**
 * Parses the output of `ss` run with {@link SS_ARGS}: a line per socket, followed by an indented
 * line with its tcp_info. Lines it cannot read are skipped.
 */
export function parseSs(output: string): TcpConnection[] {
  const connections: TcpConnection[] = [];
  const lines = output.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === '' || /^\s/.test(line)) continue;
    let info = '';
    while (index + 1 < lines.length && /^\s/.test(lines[index + 1])) info += ` ${lines[++index]}`;
    const connection = parseSocketLine(line, info);
    if (connection) connections.push(connection);
  }
  return connections;
}
