import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PowerSignal } from '../servers';
import { selectLiveServer, type LiveServer } from './serverSocketSlice';
import { acquireServerConnection, type OutputListener, type ServerConnection } from './socketRegistry';

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

const idle: LiveServer = {
  connection: 'connecting', retryAt: null, reason: null, state: null, stateSince: null, stats: null, history: [], install: null, lastError: null,
};

/**
 * Follows one server live over its console socket while the component is mounted: connection
 * state, power state, the latest resource sample with a few minutes of history (all from the
 * store), and the console output by subscription (kept out of the store). Components following
 * the same server share one socket.
 */
export function useServerSocket(serverId: string | undefined): ServerSocketHandle {
  const dispatch = useAppDispatch();
  const [connection, setConnection] = useState<ServerConnection | null>(null);
  const live = useAppSelector((state) => (serverId ? selectLiveServer(state, serverId) : undefined)) ?? idle;

  useEffect(() => {
    if (!serverId) return undefined;
    const { connection: acquired, release } = acquireServerConnection(dispatch, serverId);
    setConnection(acquired);
    return () => {
      setConnection(null);
      release();
    };
  }, [dispatch, serverId]);

  const sendCommand = useCallback((line: string) => connection?.client.send('send command', line) ?? false, [connection]);
  const setPowerState = useCallback((signal: PowerSignal) => connection?.client.send('set state', signal) ?? false, [connection]);
  const subscribeOutput = useCallback((listener: OutputListener) => connection?.subscribeOutput(listener) ?? (() => undefined), [connection]);
  const reconnect = useCallback(() => connection?.client.reconnect(), [connection]);

  return { ...live, sendCommand, setPowerState, subscribeOutput, reconnect };
}
