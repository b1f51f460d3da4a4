import type { PowerState } from '../../runtime/types';
import type { RuntimeManager } from '../servers/RuntimeManager';

/**
 * A server's state as the API answers it: its power state, or `node_offline` while the panel cannot
 * reach the engine of its node (the server may well still run there; nothing is known until the
 * node answers again). Inside the panel the runtime's power state stays the one rule for actions.
 */
export type ServerApiState = PowerState | 'node_offline' | 'transferring';

/** `transferring` while the server is being moved to another node (ServerTransfers). */
export function serverApiState(runtime: Pick<RuntimeManager, 'state' | 'nodeState'>, server: { uuid: string; nodeId: number }, transfers?: { isTransferring(uuid: string): boolean }): ServerApiState {
  if (transfers?.isTransferring(server.uuid)) return 'transferring';
  return runtime.nodeState(server.nodeId) === 'offline' ? 'node_offline' : runtime.state(server.uuid);
}
