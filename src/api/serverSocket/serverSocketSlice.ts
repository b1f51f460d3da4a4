import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PowerState, ServerResources } from '../servers';
import type { BackupProgressEvent, ConnectionState, InstallStatusEvent, TransferProgressEvent } from './socketProtocol';
import { appendSample, type StatsSample } from './statsHistory';

/** What the page knows live about one server, from its console socket. */
export interface LiveServer {
  connection: ConnectionState;
  /** When `reconnecting`: when the next attempt starts (ms since the epoch). */
  retryAt: number | null;
  /** Why the connection was lost or given up. */
  reason: string | null;
  /** The power state, once the socket has reported it. */
  state: PowerState | null;
  /** Since when the server has been in `state` (as far as this page saw). */
  stateSince: number | null;
  stats: ServerResources | null;
  history: StatsSample[];
  install: InstallStatusEvent | null;
  /** Backups being made or restored, by backup uuid (the last progress of each). */
  backups: Record<string, BackupProgressEvent>;
  /** The server's move to another node, as last reported (null: none seen by this page). */
  transfer: TransferProgressEvent | null;
  /** The last refusal or failure the server reported on the socket. */
  lastError: { message: string; at: number } | null;
}

export interface ServerSocketState {
  /** By the id the page uses for the server (its short id, or uuid). */
  servers: Record<string, LiveServer>;
}

const initialState: ServerSocketState = { servers: {} };

/** A server the socket has told nothing about yet. */
export const emptyLive = (): LiveServer => ({
  connection: 'connecting',
  retryAt: null,
  reason: null,
  state: null,
  stateSince: null,
  stats: null,
  history: [],
  install: null,
  backups: {},
  transfer: null,
  lastError: null,
});

interface ServerEvent {
  serverId: string;
  /** When it happened, ms since the epoch (in the payload so that replaying an action log gives the same state). */
  at: number;
}

function live(state: ServerSocketState, serverId: string): LiveServer {
  return (state.servers[serverId] ??= emptyLive());
}

function setPowerState(server: LiveServer, next: PowerState, at: number): void {
  if (server.state !== next) server.stateSince = at;
  server.state = next;
}

/**
 * Live server state from the console sockets, as events: connection changes, power states and
 * resource samples (with a few minutes of history for the graphs). Console output is deliberately
 * not here: thousands of lines a second would drown the store; the console keeps its own buffer.
 */
export const serverSocketSlice = createSlice({
  name: 'serverSocket',
  initialState,
  reducers: {
    connectionChanged(state, action: PayloadAction<ServerEvent & { connection: ConnectionState; retryInMs?: number; reason?: string }>) {
      const { serverId, at, connection, retryInMs, reason } = action.payload;
      const server = live(state, serverId);
      server.connection = connection;
      server.retryAt = connection === 'reconnecting' && retryInMs !== undefined ? at + retryInMs : null;
      if (connection === 'connected') server.reason = null;
      else if (reason !== undefined) server.reason = reason;
    },
    statusReceived(state, action: PayloadAction<ServerEvent & { state: PowerState }>) {
      const { serverId, at, state: next } = action.payload;
      setPowerState(live(state, serverId), next, at);
    },
    statsReceived(state, action: PayloadAction<ServerEvent & { stats: ServerResources }>) {
      const { serverId, at, stats } = action.payload;
      const server = live(state, serverId);
      server.stats = stats;
      server.history = appendSample(server.history, stats, at);
      setPowerState(server, stats.state, at);
    },
    installStatusReceived(state, action: PayloadAction<ServerEvent & { install: InstallStatusEvent }>) {
      live(state, action.payload.serverId).install = action.payload.install;
    },
    daemonErrorReceived(state, action: PayloadAction<ServerEvent & { message: string }>) {
      const { serverId, at, message } = action.payload;
      live(state, serverId).lastError = { message, at };
    },
    backupProgressReceived(state, action: PayloadAction<ServerEvent & { progress: BackupProgressEvent }>) {
      const server = live(state, action.payload.serverId);
      (server.backups ??= {})[action.payload.progress.backup] = action.payload.progress;
    },
    transferProgressReceived(state, action: PayloadAction<ServerEvent & { progress: TransferProgressEvent }>) {
      live(state, action.payload.serverId).transfer = action.payload.progress;
    },
    /** The page no longer follows this server: its live state would only grow stale. */
    released(state, action: PayloadAction<{ serverId: string }>) {
      delete state.servers[action.payload.serverId];
    },
  },
});

export const {
  connectionChanged: socketConnectionChanged,
  statusReceived: serverStatusReceived,
  statsReceived: serverStatsReceived,
  installStatusReceived: serverInstallStatusReceived,
  daemonErrorReceived: serverDaemonErrorReceived,
  backupProgressReceived: serverBackupProgressReceived,
  transferProgressReceived: serverTransferProgressReceived,
  released: serverSocketReleased,
} = serverSocketSlice.actions;

/** The live state of one server, or undefined while the page does not follow it. */
export function selectLiveServer(state: { serverSocket: ServerSocketState }, serverId: string): LiveServer | undefined {
  return state.serverSocket.servers[serverId];
}
