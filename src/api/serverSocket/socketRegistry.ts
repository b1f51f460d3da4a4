import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiErrorMessage } from '../apiError';
import { serversApi } from '../servers';
import { FinalTicketError, ServerSocketClient, type ServerSocketClientOptions, type SocketTicket } from './ServerSocketClient';
import {
  serverDaemonErrorReceived,
  serverInstallStatusReceived,
  serverSocketReleased,
  serverStatsReceived,
  serverStatusReceived,
  socketConnectionChanged,
} from './serverSocketSlice';

/** Receives a server's console output. */
export interface OutputListener {
  /** One line as the server printed it (ANSI colour codes included). */
  line(line: string): void;
  /** The recent history is about to be sent again (after a reconnect): forget what was shown. */
  reset(): void;
}

/** One followed server: its socket client and who uses it. */
export interface ServerConnection {
  readonly serverId: string;
  readonly client: ServerSocketClient;
  /** Subscribes to the console output; the recent history is replayed to it first. */
  subscribeOutput(listener: OutputListener): () => void;
}

interface Entry extends ServerConnection {
  users: number;
  releaseTimer: ReturnType<typeof setTimeout> | null;
  dispose(): void;
}

/** Settings of the registry (tests shorten the grace period and the back-off). */
export interface SocketRegistryOptions {
  /** How long a socket stays open after its last user left (moving between a server's pages reuses it). */
  graceMs: number;
  client?: Partial<Omit<ServerSocketClientOptions, 'fetchTicket'>>;
}

type ApiDispatch = Dispatch<UnknownAction> & ((thunk: unknown) => unknown);

const registries = new WeakMap<object, Map<string, Entry>>();
let registryOptions: SocketRegistryOptions = { graceMs: 5000 };

/** Changes the registry's settings for connections made from now on. */
export function configureServerSockets(options: Partial<SocketRegistryOptions>): void {
  registryOptions = { ...registryOptions, ...options };
}

/** A ticket through the API layer (bearer token, XSRF and the usual error handling included). */
function ticketFetcher(dispatch: ApiDispatch, serverId: string): () => Promise<SocketTicket> {
  return async () => {
    const request = dispatch(serversApi.endpoints.getServerWebsocket.initiate({ id: serverId }, { subscribe: false, forceRefetch: true })) as Promise<{
      data?: { data: SocketTicket };
      error?: unknown;
    }>;
    const result = await request;
    if (result.data) return result.data.data;
    const status = (result.error as { status?: unknown } | undefined)?.status;
    // The server's own words when it gave some (like every other API error the panel shows).
    const message = apiErrorMessage(result.error);
    // Not logged in, not allowed or no such server: asking again will not change the answer.
    if (status === 401 || status === 403 || status === 404) throw new FinalTicketError(message);
    throw new Error(message);
  };
}

function createEntry(dispatch: ApiDispatch, serverId: string, onDisposed: () => void): Entry {
  const client = new ServerSocketClient({ ...registryOptions.client, fetchTicket: ticketFetcher(dispatch, serverId) });
  const outputs = new Set<OutputListener>();
  const at = () => Date.now();
  const replayLogs = () => {
    for (const listener of outputs) listener.reset();
    client.send('send logs');
  };
  const { events } = client;
  events.on('connection', (change) => dispatch(socketConnectionChanged({ serverId, at: at(), connection: change.state, retryInMs: change.retryInMs, reason: change.reason })));
  events.on('authenticated', () => {
    if (outputs.size > 0) replayLogs();
    client.send('send stats');
  });
  events.on('status', (state) => dispatch(serverStatusReceived({ serverId, at: at(), state })));
  events.on('stats', (stats) => dispatch(serverStatsReceived({ serverId, at: at(), stats })));
  events.on('install', (install) => dispatch(serverInstallStatusReceived({ serverId, at: at(), install })));
  events.on('daemonError', (message) => dispatch(serverDaemonErrorReceived({ serverId, at: at(), message })));
  events.on('output', (line) => {
    for (const listener of outputs) listener.line(line);
  });

  const entry: Entry = {
    serverId,
    client,
    users: 0,
    releaseTimer: null,
    subscribeOutput(listener) {
      outputs.add(listener);
      if (client.connection === 'connected') replayLogs();
      return () => outputs.delete(listener);
    },
    dispose() {
      client.close();
      events.clear();
      outputs.clear();
      dispatch(serverSocketReleased({ serverId }));
      onDisposed();
    },
  };
  return entry;
}

/**
 * Takes a share of the connection to `serverId` for the store behind `dispatch`, opening it when
 * needed. Every component following a server shares one socket; call the returned function when
 * done. The socket closes a short grace period after its last user let go.
 */
export function acquireServerConnection(dispatch: Dispatch<UnknownAction>, serverId: string): { connection: ServerConnection; release: () => void } {
  let servers = registries.get(dispatch);
  if (!servers) registries.set(dispatch, (servers = new Map()));
  const map = servers;
  let entry = map.get(serverId);
  if (!entry) {
    entry = createEntry(dispatch as ApiDispatch, serverId, () => map.delete(serverId));
    map.set(serverId, entry);
    entry.client.connect();
  }
  const held = entry;
  held.users += 1;
  if (held.releaseTimer) clearTimeout(held.releaseTimer);
  held.releaseTimer = null;
  let released = false;
  return {
    connection: held,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      held.releaseTimer = setTimeout(() => held.dispose(), registryOptions.graceMs);
    },
  };
}

/** Closes every socket of the store behind `dispatch` at once (logout, tests). */
export function closeServerConnections(dispatch: Dispatch<UnknownAction>): void {
  const servers = registries.get(dispatch);
  if (!servers) return;
  for (const entry of [...servers.values()]) {
    if (entry.releaseTimer) clearTimeout(entry.releaseTimer);
    entry.dispose();
  }
}
