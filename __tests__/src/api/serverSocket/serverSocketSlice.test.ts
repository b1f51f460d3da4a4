import { serverSocketReleased, serverSocketSlice, serverStatsReceived, serverStatusReceived, socketConnectionChanged } from '../../../../src/api/serverSocket/serverSocketSlice';
import { HISTORY_WINDOW_MS } from '../../../../src/api/serverSocket/statsHistory';
import { networkRates } from '../../../../src/features/server-overview/networkRates';
import { makeStats } from '../../helpers/serverFixture';

const reduce = serverSocketSlice.reducer;

describe('the serverSocket slice', () => {
  it('records since when a server is in its state, unchanged by repeats of the same state', () => {
    let state = reduce(undefined, serverStatusReceived({ serverId: 's1', at: 1000, state: 'running' }));
    state = reduce(state, serverStatusReceived({ serverId: 's1', at: 2000, state: 'stopping' }));
    state = reduce(state, serverStatusReceived({ serverId: 's1', at: 5000, state: 'stopping' }));
    state = reduce(state, serverStatsReceived({ serverId: 's1', at: 6000, stats: makeStats({ state: 'stopping' }) }));
    expect(state.servers.s1).toMatchObject({ state: 'stopping', stateSince: 2000 });
  });

  it('keeps the samples of the last minutes only', () => {
    let state = reduce(undefined, { type: 'init' });
    const start = 1_000_000;
    for (let second = 0; second <= 400; second++) {
      state = reduce(state, serverStatsReceived({ serverId: 's1', at: start + second * 1000, stats: makeStats({ cpu_absolute: second }) }));
    }
    const history = state.servers.s1.history;
    expect(history.at(-1)).toMatchObject({ at: start + 400_000, cpu: 400 });
    expect(history[0].at).toBe(start + 400_000 - HISTORY_WINDOW_MS);
    expect(history).toHaveLength(HISTORY_WINDOW_MS / 1000 + 1);
  });

  it('knows when the next attempt comes while reconnecting, and forgets a server that is released', () => {
    let state = reduce(undefined, socketConnectionChanged({ serverId: 's1', at: 10_000, connection: 'reconnecting', retryInMs: 4000, reason: 'Restarting.' }));
    expect(state.servers.s1).toMatchObject({ connection: 'reconnecting', retryAt: 14_000, reason: 'Restarting.' });
    state = reduce(state, socketConnectionChanged({ serverId: 's1', at: 14_500, connection: 'connected' }));
    expect(state.servers.s1).toMatchObject({ connection: 'connected', retryAt: null, reason: null });
    state = reduce(state, serverSocketReleased({ serverId: 's1' }));
    expect(state.servers).toEqual({});
  });
});

describe('networkRates', () => {
  it('turns byte counters into rates per second, and a counter reset into zero', () => {
    const sample = (at: number, rx: number | null, tx: number | null) => ({ at, cpu: 0, memory: 0, rx, tx });
    expect(networkRates([sample(0, 0, 0), sample(2000, 4096, 1000), sample(3000, 8192, 1500), sample(4000, 100, 50)])).toEqual({
      rx: [2048, 4096, 0],
      tx: [500, 500, 0],
    });
    expect(networkRates([sample(0, null, null), sample(1000, null, null)])).toEqual({ rx: [], tx: [] });
  });
});
