export { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff';
export { FinalTicketError, ServerSocketClient, type ServerSocketClientOptions, type SocketTicket } from './ServerSocketClient';
export {
  serverDaemonErrorReceived,
  serverInstallStatusReceived,
  serverSocketReleased,
  serverSocketSlice,
  serverStatsReceived,
  serverStatusReceived,
  selectLiveServer,
  socketConnectionChanged,
  type LiveServer,
  type ServerSocketState,
} from './serverSocketSlice';
export { SocketCloseCode, type BackupProgressEvent, type ConnectionState, type InstallStatusEvent, type ServerSocketEvents } from './socketProtocol';
export { acquireServerConnection, closeServerConnections, configureServerSockets, findServerConnection, subscribeServerOutput, type OutputListener, type ServerConnection } from './socketRegistry';
export { HISTORY_WINDOW_MS, type StatsSample } from './statsHistory';
export { useServerSocket, type ServerSocketHandle } from './useServerSocket';
