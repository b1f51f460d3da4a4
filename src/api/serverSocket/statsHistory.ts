import type { ServerResources } from '../servers';

/** One point of the resource graphs. */
export interface StatsSample {
  /** When it was received, ms since the epoch. */
  at: number;
  cpu: number;
  memory: number;
  /** Bytes received and sent since the server started (null when the game's network is not measured). */
  rx: number | null;
  tx: number | null;
}

/** The graphs show the last few minutes: this much history is kept per server. */
export const HISTORY_WINDOW_MS = 5 * 60_000;

/** A hard cap besides the window, should stats ever arrive much faster than once a second. */
export const HISTORY_MAX_SAMPLES = 600;

/** `history` with a sample of `stats` added and everything older than the window dropped. */
export function appendSample(history: readonly StatsSample[], stats: ServerResources, at: number): StatsSample[] {
  const sample: StatsSample = { at, cpu: stats.cpu_absolute, memory: stats.memory_bytes, rx: stats.network_rx_bytes, tx: stats.network_tx_bytes };
  const cutoff = at - HISTORY_WINDOW_MS;
  let start = 0;
  while (start < history.length && history[start].at < cutoff) start++;
  const kept = history.slice(Math.max(start, history.length + 1 - HISTORY_MAX_SAMPLES));
  kept.push(sample);
  return kept;
}
