import type { RuntimeManager } from '../servers/RuntimeManager';
import type { ServerEvent } from '../../runtime/ServerEventHub';
import type { OnlinePlayer } from '../../runtime/players/OnlinePlayers';
import type { PanelEventPublisher } from './PanelEvents';

/** The panel event a runtime hub event stands for, if any. */
function fromHubEvent(uuid: string, event: ServerEvent, events: PanelEventPublisher): void {
  switch (event.type) {
    case 'state':
      if (event.state === 'running') events.publish('server.started', uuid);
      else if (event.state === 'offline') events.publish('server.stopped', uuid);
      return;
    case 'install':
      if (event.status === 'installed') events.publish('server.install_finished', uuid);
      else if (event.status === 'install_failed') events.publish('server.install_failed', uuid, { error: event.error });
      return;
    case 'backup': {
      const { progress } = event;
      if (progress.operation === 'backup' && progress.state === 'completed') events.publish('backup.finished', uuid, { backup: progress.backup, bytes: progress.bytesTotal });
      else if (progress.operation === 'backup' && progress.state === 'failed') events.publish('backup.failed', uuid, { backup: progress.backup, error: progress.error });
      else if (progress.operation === 'restore' && progress.state === 'completed') events.publish('backup.restored', uuid, { backup: progress.backup });
      return;
    }
    case 'gone':
      if (event.reason === 'suspended') events.publish('server.suspended', uuid);
      return;
    default:
      return;
  }
}

/**
 * Turns what the runtime reports into panel events: power states, installs, backups and restores,
 * suspension (all from the runtime's event hub), crashes (the driver's `crashed` event) and
 * players joining or leaving (as the servers report them). Answers the function that disconnects.
 *
 * A crash is also a stop: subscribers of both hear both (the crash says why it stopped).
 */
export function connectRuntimeEvents(runtime: RuntimeManager, events: PanelEventPublisher): () => void {
  const untap = runtime.events.tap((uuid, event) => fromHubEvent(uuid, event, events));
  const joined = (uuid: string, player: OnlinePlayer) => events.publish('player.joined', uuid, { player: player.name, player_uuid: player.uuid });
  const left = (uuid: string, player: OnlinePlayer) => events.publish('player.left', uuid, { player: player.name, player_uuid: player.uuid });
  // Crashes are heard once recorded: the record says what the panel did (restarting, or gave up).
  let connected = true;
  runtime.addCrashListener((server, crash) => {
    if (!connected) return;
    events.publish('server.crashed', server.uuid, { reason: crash.reason, exit_code: crash.exitCode, signal: crash.signal, out_of_memory: crash.outOfMemory, message: crash.message });
    if (crash.outcome === 'gave_up') events.publish('server.restart_gave_up', server.uuid, { crashes: crash.maxRestarts, message: crash.message });
  });
  runtime.players.on('joined', joined);
  runtime.players.on('left', left);
  return () => {
    connected = false;
    untap();
    runtime.players.off('joined', joined);
    runtime.players.off('left', left);
  };
}
