import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PowerSignal } from '../servers';
import { emptyLive, selectLiveServer, type LiveServer } from './serverSocketSlice';
import { acquireServerConnection, findServerConnection, subscribeServerOutput, type OutputListener } from './socketRegistry';

/** What {@link useServerSocket} gives a component. */
export interface ServerSocketHandle extends LiveServer {
  /** Sends a console command over the socket; false when not connected. */
  sendCommand(line: string): boolean;
  /** Asks for a power action over the socket; false when not connected. */
  setPowerState(signal: PowerSignal): boolean;
  /** Follows the console output (history first); returns the function that stops following. */
  subscribeOutput(listener: OutputListener): () => void;
  /** Connects again now (after the connection was given up, or to skip a back-off wait). */
  reconnect(): void;
}

// One object, so a page without a server id renders the same value each time.
const idle: LiveServer = emptyLive();

/**
 * Follows one server live over its console socket while the component is mounted: connection
 * state, power state, the latest resource sample with a few minutes of history (all from the
 * store), and the console output by subscription (kept out of the store). Components following
 * the same server share one socket. `undefined` follows nothing (e.g. while the server loads).
 */
export function useServerSocket(serverId: string | undefined): ServerSocketHandle {
  const dispatch = useAppDispatch();
  const live = useAppSelector((state) => (serverId ? selectLiveServer(state, serverId) : undefined)) ?? idle;

  useEffect(() => {
    if (!serverId) return undefined;
    return acquireServerConnection(dispatch, serverId).release;
  }, [dispatch, serverId]);

  // The connection is looked up when used: components may act before or after it opened.
  const sendCommand = useCallback((line: string) => (serverId ? findServerConnection(dispatch, serverId)?.client.send('send command', line) : false) ?? false, [dispatch, serverId]);
  const setPowerState = useCallback((signal: PowerSignal) => (serverId ? findServerConnection(dispatch, serverId)?.client.send('set state', signal) : false) ?? false, [dispatch, serverId]);
  const subscribeOutput = useCallback((listener: OutputListener) => (serverId ? subscribeServerOutput(dispatch, serverId, listener) : () => undefined), [dispatch, serverId]);
  const reconnect = useCallback(() => (serverId ? findServerConnection(dispatch, serverId)?.client.reconnect() : undefined), [dispatch, serverId]);

  return { ...live, sendCommand, setPowerState, subscribeOutput, reconnect };
}
