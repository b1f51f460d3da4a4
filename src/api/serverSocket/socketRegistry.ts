import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiErrorMessage } from '../apiError';
import { serversApi } from '../servers';
import { FinalTicketError, ServerSocketClient, type ServerSocketClientOptions, type SocketTicket } from './ServerSocketClient';
import {
  serverDaemonErrorReceived,
  serverBackupProgressReceived,
  serverTransferProgressReceived,
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

/** One followed server: its socket client. */
export interface ServerConnection {
  readonly serverId: string;
  readonly client: ServerSocketClient;
}

interface Entry extends ServerConnection {
  users: number;
  releaseTimer: ReturnType<typeof setTimeout> | null;
  replayLogs(): void;
  dispose(): void;
}

/** The sockets of one store, and the output listeners by server (they may subscribe before the socket exists). */
interface Registry {
  entries: Map<string, Entry>;
  outputs: Map<string, Set<OutputListener>>;
}

/** Settings of the registry (tests shorten the grace period and the back-off). */
export interface SocketRegistryOptions {
  /** How long a socket stays open after its last user left (moving between a server's pages reuses it). */
  graceMs: number;
  client?: Partial<Omit<ServerSocketClientOptions, 'fetchTicket'>>;
}

type ApiDispatch = Dispatch<UnknownAction> & ((thunk: unknown) => unknown);

const registries = new WeakMap<object, Registry>();
let registryOptions: SocketRegistryOptions = { graceMs: 5000 };

/** Changes the registry's settings for connections made from now on. */
export function configureServerSockets(options: Partial<SocketRegistryOptions>): void {
  registryOptions = { ...registryOptions, ...options };
}

function registryFor(dispatch: Dispatch<UnknownAction>): Registry {
  let registry = registries.get(dispatch);
  if (!registry) registries.set(dispatch, (registry = { entries: new Map(), outputs: new Map() }));
  return registry;
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

/** The server's tags: reading them again refreshes its page and the server list. */
const serverTags = (serverId: string) => [
  { type: 'Server' as const, id: serverId },
  { type: 'Server' as const, id: 'LIST' },
];

/**
 * After a socket (re)authenticates: a server read while it installed may have finished installing
 * while no socket listened (the page loaded during the install, or the socket was down when it
 * ended), and its "install" event is gone; a copy that still says "installing" is read again. A
 * read still under way when the socket authenticated is waited for: it may have been answered
 * before the install ended.
 */
function rereadFinishedInstall(serverId: string) {
  return async (dispatch: ApiDispatch, getState: () => unknown) => {
    type State = Parameters<ReturnType<typeof serversApi.endpoints.getServer.select>>[0];
    const reads = serversApi.util.selectCachedArgsForQuery(getState() as State, 'getServer').filter((args) => args.id === serverId);
    await Promise.all(reads.map((args) => dispatch(serversApi.util.getRunningQueryThunk('getServer', args))));
    const state = getState() as State;
    const stale = reads.some((args) => serversApi.endpoints.getServer.select(args)(state).data?.data.status === 'installing');
    if (stale) dispatch(serversApi.util.invalidateTags(serverTags(serverId)));
  };
}

function createEntry(dispatch: ApiDispatch, registry: Registry, serverId: string): Entry {
  const client = new ServerSocketClient({ ...registryOptions.client, fetchTicket: ticketFetcher(dispatch, serverId) });
  const outputs = () => registry.outputs.get(serverId) ?? new Set<OutputListener>();
  const at = () => Date.now();
  const replayLogs = () => {
    for (const listener of outputs()) listener.reset();
    client.send('send logs');
  };
  const { events } = client;
  events.on('connection', (change) => dispatch(socketConnectionChanged({ serverId, at: at(), connection: change.state, retryInMs: change.retryInMs, reason: change.reason })));
  events.on('authenticated', () => {
    if (outputs().size > 0) replayLogs();
    client.send('send stats');
    dispatch(rereadFinishedInstall(serverId));
  });
  events.on('status', (state) => dispatch(serverStatusReceived({ serverId, at: at(), state })));
  events.on('stats', (stats) => dispatch(serverStatsReceived({ serverId, at: at(), stats })));
  events.on('install', (install) => {
    dispatch(serverInstallStatusReceived({ serverId, at: at(), install }));
    // The server's own status (its badge: "Installing") ends with the install: read again.
    if (install.status !== 'installing') dispatch(serversApi.util.invalidateTags(serverTags(serverId)));
  });
  events.on('daemonError', (message) => dispatch(serverDaemonErrorReceived({ serverId, at: at(), message })));
  events.on('backupProgress', (progress) => dispatch(serverBackupProgressReceived({ serverId, at: at(), progress })));
  events.on('transferProgress', (progress) => {
    dispatch(serverTransferProgressReceived({ serverId, at: at(), progress }));
    // A finished move changes the server's address (and its node): read it again.
    if (progress.state !== 'running') dispatch(serversApi.util.invalidateTags(serverTags(serverId)));
  });
  // Console output goes straight to its listeners: thousands of lines a second never touch the store.
  events.on('output', (line) => {
    for (const listener of outputs()) listener.line(line);
  });

  return {
    serverId,
    client,
    users: 0,
    releaseTimer: null,
    replayLogs,
    dispose() {
      client.close();
      events.clear();
      registry.entries.delete(serverId);
      dispatch(serverSocketReleased({ serverId }));
    },
  };
}

/**
 * Takes a share of the connection to `serverId` for the store behind `dispatch`, opening it when
 * needed. Every component following a server shares one socket; call the returned function when
 * done. The socket closes a short grace period after its last user let go.
 */
export function acquireServerConnection(dispatch: Dispatch<UnknownAction>, serverId: string): { connection: ServerConnection; release: () => void } {
  const registry = registryFor(dispatch);
  let entry = registry.entries.get(serverId);
  if (!entry) {
    entry = createEntry(dispatch as ApiDispatch, registry, serverId);
    registry.entries.set(serverId, entry);
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

/** The open connection to `serverId` of the store behind `dispatch`, if any. */
export function findServerConnection(dispatch: Dispatch<UnknownAction>, serverId: string): ServerConnection | undefined {
  return registries.get(dispatch)?.entries.get(serverId);
}

/**
 * Follows a server's console output. The recent history is sent first (now, when connected; or
 * as soon as the connection is up), and again after every reconnect, preceded by a reset.
 */
export function subscribeServerOutput(dispatch: Dispatch<UnknownAction>, serverId: string, listener: OutputListener): () => void {
  const registry = registryFor(dispatch);
  let listeners = registry.outputs.get(serverId);
  if (!listeners) registry.outputs.set(serverId, (listeners = new Set()));
  const set = listeners;
  set.add(listener);
  const entry = registry.entries.get(serverId);
  if (entry?.client.connection === 'connected') entry.replayLogs();
  return () => {
    set.delete(listener);
    if (set.size === 0 && registry.outputs.get(serverId) === set) registry.outputs.delete(serverId);
  };
}

/** Closes every socket of the store behind `dispatch` at once (logout, tests). */
export function closeServerConnections(dispatch: Dispatch<UnknownAction>): void {
  const registry = registries.get(dispatch);
  if (!registry) return;
  for (const entry of [...registry.entries.values()]) {
    if (entry.releaseTimer) clearTimeout(entry.releaseTimer);
    entry.dispose();
  }
}
