import { panelLine } from './panelMessages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useServerSocket } from '../../api/serverSocket';
import { useGetServerQuery, useSendServerCommandMutation } from '../../api/servers';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { ConnectionStatus } from '../../widgets/server/ConnectionStatus';
import { LazyInstallFailedPanel } from '../../widgets/server/LazyInstallFailedPanel';
import { LazyServerLoadFailure } from '../../widgets/server/LazyServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { badgeState, ServerStateTag } from '../../widgets/server/ServerStateTag';
import { NodeOfflineNotice } from '../../widgets/server/NodeOfflineNotice';
import { LazyTransferNotice } from '../../widgets/server/LazyTransferNotice';
import { CommandInput } from './CommandInput';
import { ConsoleTerminal, type ConsoleTerminalHandle } from './ConsoleTerminal';
import { PowerControls } from './PowerControls';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/**
 * /server/{id}/console: the live console. Output, state and errors arrive over the server's
 * socket; commands go over it too (or through the API while it is down); power actions go
 * through the API, and their effect shows up on the socket.
 */
export function ConsolePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading, refetch } = useGetServerQuery({ id });
  // The socket waits for the server: there is nothing to connect to for a server that cannot be loaded.
  const socket = useServerSocket(data ? id : undefined);
  const [sendCommandByApi] = useSendServerCommandMutation();
  const terminal = useRef<ConsoleTerminalHandle>(null);

  const lastError = socket.lastError;
  useEffect(() => {
    if (lastError) terminal.current?.printLocal(`\x1b[31m${t('console.output.daemonError', '[Panel] {{message}}', { message: panelLine(lastError.message, t) })}\x1b[0m`);
  }, [lastError, t]);

  const title = t('console.title', 'Console');
  if (!data) {
    return <ServerPageSection title={title}>{isLoading ? <PlainSkeleton rows={8} /> : <LazyServerLoadFailure error={error} onRetry={refetch} />}</ServerPageSection>;
  }

  const server = data.data;
  const state = socket.state ?? server.state;
  const permissions = server.permissions;
  const canType = permissions.includes('control.console');
  const accepting = state === 'running' || state === 'starting';

  const sendCommand = async (command: string): Promise<boolean> => {
    terminal.current?.printLocal(`\x1b[2m> ${command}\x1b[0m`);
    if (socket.sendCommand(command)) return true;
    // The socket is down: the API still takes the command (its output shows once reconnected).
    const result = await sendCommandByApi({ id, body: { command } });
    return !('error' in result);
  };

  return (
    <ServerPageSection
      title={title}
      badge={<ServerStateTag state={badgeState(server.status, state)} />}
      actions={
        <PowerControls serverId={id} state={state} stateSince={socket.stateSince} permissions={permissions} blocked={server.status !== null} confirmRestart={user?.restart_confirmation ?? true} />
      }
    >
      {/* A failed install is not a dead end here either: what happened, and install again. */}
      {server.status === 'install_failed' ? <LazyInstallFailedPanel serverId={id} error={server.install_error} isOwner={server.is_owner} /> : null}
      <NodeOfflineNotice state={state} />
      <LazyTransferNotice transfer={socket.transfer} state={state} />
      <ConnectionStatus connection={socket.connection} retryAt={socket.retryAt} reason={socket.reason} onReconnect={socket.reconnect} />
      <ConsoleTerminal ref={terminal} subscribeOutput={socket.subscribeOutput} />
      <CommandInput
        serverId={id}
        onSubmit={sendCommand}
        disabled={!canType || !accepting}
        disabledReason={!canType ? t('console.command.notAllowed', 'You may not send commands to this server') : t('console.command.offline', 'Start the server to send commands')}
      />
    </ServerPageSection>
  );
}
