import type { PanelEvent, PanelEvents } from '../events/PanelEvents';
import { CLUSTER_PREFIX } from './clusterMessages';
import type { PanelCluster } from './PanelCluster';

const CHANNEL = `${CLUSTER_PREFIX}panel-events`;

/**
 * Shares the panel's events between processes: each process publishes its own on a Redis channel
 * and hands the others' to its `subscribeEverywhere` listeners. Webhooks (plain `subscribe`) keep
 * hearing only the events of their own process, so each is delivered once.
 */
export async function relayPanelEvents(cluster: PanelCluster, events: PanelEvents): Promise<() => void> {
  const received = new Set<string>();
  const stop = events.subscribeEverywhere((event) => {
    // Only this process's own events go out (the others' came in through the channel).
    if (!received.has(event.id)) cluster.publish(CHANNEL, { from: cluster.processId, event });
  });
  await cluster.listen(CHANNEL, (message) => {
    const { from, event } = message as { from: string; event: PanelEvent & { occurredAt: string } };
    if (from === cluster.processId) return;
    received.add(event.id);
    try {
      events.receive({ ...event, occurredAt: new Date(event.occurredAt) });
    } finally {
      received.delete(event.id);
    }
  });
  return stop;
}
