import { PanelCluster } from '../../../../server/src/services/cluster/PanelCluster';
import { RuntimeLease } from '../../../../server/src/services/cluster/RuntimeLease';
import { relayPanelEvents } from '../../../../server/src/services/cluster/panelEventRelay';
import { PanelEvents, type PanelEvent } from '../../../../server/src/services/events/PanelEvents';
import { RuntimeConflictError } from '../../../../server/src/runtime/types';
import { startTestRedis, type TestRedis } from '../../helpers/testRedis';
import { waitFor } from '../../helpers/waitFor';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// The parts several panel processes share through a real redis-server, two "processes" in one.
describe('panel processes through Redis', () => {
  let redis: TestRedis;
  let a: PanelCluster;
  let b: PanelCluster;
  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await Promise.all([PanelCluster.connect(redis.url, quiet), PanelCluster.connect(redis.url, quiet)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('lets one process at a time hold the lease, and hands it over when the holder gives it up', async () => {
    const first = new RuntimeLease(a, 'parts-test', 1000, quiet);
    const second = new RuntimeLease(b, 'parts-test', 1000, quiet);
    const gained: string[] = [];
    first.onGained(async () => void gained.push('first'));
    second.onGained(async () => void gained.push('second'));
    await first.start();
    await second.start();
    expect([first.holding, second.holding]).toEqual([true, false]);
    expect(await second.holder()).toBe(a.processId);
    // Renewed past its time: still the first one's.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([first.holding, second.holding]).toEqual([true, false]);
    await first.stop();
    await waitFor(() => second.holding, { what: 'the second to take the lease', timeoutMs: 5000 });
    expect(gained).toEqual(['first', 'second']);
    await second.stop();
  });

  it('carries out a request on the process it names and brings back its answer or its refusal', async () => {
    a.serve(async (request) => {
      if (request.op === 'refuse') throw new RuntimeConflictError('The server is already running.');
      return { echoed: request.args[0], uuid: request.uuid };
    });
    await expect(b.call(a.processId, { op: 'echo', uuid: 'u-1', args: ['hello'] })).resolves.toEqual({ echoed: 'hello', uuid: 'u-1' });
    await expect(b.call(a.processId, { op: 'refuse', uuid: 'u-1', args: [] })).rejects.toMatchObject({
      message: 'The server is already running.',
      refusal: { kind: 'RuntimeConflictError' },
    });
    // A process nobody runs any more: refused at once, not after the time-out.
    const started = Date.now();
    await expect(b.call('gone:1:abc', { op: 'echo', uuid: 'u-1', args: [] }, 10_000)).rejects.toMatchObject({ refusal: { kind: 'unreachable' } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('hands every process’s live listeners the others’ panel events, and webhooks only their own', async () => {
    const eventsA = new PanelEvents(quiet);
    const eventsB = new PanelEvents(quiet);
    const stops = await Promise.all([relayPanelEvents(a, eventsA), relayPanelEvents(b, eventsB)]);
    const heardEverywhereB: PanelEvent[] = [];
    const heardEverywhereA: PanelEvent[] = [];
    const heardOnceB: PanelEvent[] = [];
    eventsB.subscribeEverywhere((event) => heardEverywhereB.push(event));
    eventsA.subscribeEverywhere((event) => heardEverywhereA.push(event));
    eventsB.subscribe((event) => heardOnceB.push(event));
    const sent = eventsA.publish('server.started', 'server-uuid', { by: 'a' });
    await waitFor(() => heardEverywhereB.length > 0, { what: 'the event on the other process' });
    expect(heardEverywhereB[0]).toEqual(sent);
    expect(heardEverywhereB[0].occurredAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 300)); // an echo back would show up here
    expect(heardEverywhereA.map((event) => event.id)).toEqual([sent.id]);
    expect(heardEverywhereB).toHaveLength(1);
    expect(heardOnceB).toHaveLength(0);
    for (const stop of stops) stop();
  });
});
