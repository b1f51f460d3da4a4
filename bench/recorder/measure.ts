/**
 * Measures the recorder middleware on its own: each sample times one action through the recorder
 * with the real reducers behind it, minus the same action through the reducers alone.
 */
import { performance } from 'node:perf_hooks';
import type { UnknownAction } from '@reduxjs/toolkit';
import '../../src/api/servers';
import { rootReducer } from '../../src/app/store';
import { actionLogText, buildActionLog } from '../../src/features/support/buildActionLog';
import { createLogReducer } from '../../src/features/support/logReducer';
import { createRecorderMiddleware, readRecording } from '../../src/features/support/recorderMiddleware';
// @ts-expect-error plain JavaScript module of the bench harness
import { saveResult } from '../results.mjs';

const ACTIONS = 5000;
type State = Record<string, unknown>;
const reduce = rootReducer as unknown as (state: State | undefined, action: UnknownAction) => State;

/** A realistic mix: notifications, validation errors, socket stats, query results, navigation. */
function actionAt(i: number): UnknownAction {
  switch (i % 5) {
    case 0:
      return { type: 'notifications/added', payload: { id: `n${i}`, type: 'error', title: 'Error', text: 'The name field is required.' } };
    case 1:
      return { type: 'notifications/dismissed', payload: `n${i - 1}` };
    case 2:
      return { type: 'router/locationChanged', payload: `/server/abc${i % 3}/console` };
    case 3:
      return { type: 'validation/failed', payload: { errors: { name_first: ['The name first field is required.'] } } };
    default:
      return {
        type: 'api/executeQuery/fulfilled',
        payload: { data: { id: 'abc', name: 'Survival', memory: 2048, token: 'secret' } },
        meta: {
          arg: { type: 'query', endpointName: 'getServer', originalArgs: { id: 'abc' }, queryCacheKey: 'getServer({"id":"abc"})' },
          requestId: `r${i}`,
          requestStatus: 'fulfilled',
          fulfilledTimeStamp: i,
        },
      };
  }
}

let state: State = reduce(undefined, { type: '@@init' });
const api = { getState: () => state, dispatch: (a: UnknownAction) => a };
const next = (action: unknown) => {
  state = reduce(state, action as UnknownAction);
  return action;
};
const recorded = createRecorderMiddleware({ reduce: createLogReducer(reduce) })(api as never)(next);

const samples: number[] = [];
for (let round = 0; round < 3; round += 1) {
  for (let i = 0; i < ACTIONS; i += 1) {
    const action = actionAt(i);
    const t0 = performance.now();
    recorded(action);
    const t1 = performance.now();
    next(action);
    const t2 = performance.now();
    if (round > 0) samples.push((t1 - t0 - (t2 - t1)) * 1000);
  }
}
samples.sort((a, b) => a - b);
const pick = (q: number) => Math.max(0, samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]);
const recording = readRecording(recorded as never)!;
const bytes = Buffer.byteLength(actionLogText(buildActionLog(recording, state, { buildId: 'bench', browser: 'node' })));
const lines = [
  `recorder cost per action: median ${pick(0.5).toFixed(1)} µs, p99 ${pick(0.99).toFixed(1)} µs (target: median < 50 µs)`,
  `export of ${recording.entries.length} actions: ${(bytes / 1024).toFixed(0)} KB`,
];
for (const line of lines) console.log(line);
saveResult('recorder', { lines, ok: pick(0.5) < 50, medianUs: pick(0.5), p99Us: pick(0.99), exportBytes: bytes, actions: recording.entries.length });
if (pick(0.5) >= 50) process.exitCode = 1;
