import type { StatsSample } from '../../api/serverSocket';

/** Bytes per second received and sent between consecutive samples. */
export interface NetworkRates {
  rx: number[];
  tx: number[];
}

function rate(current: number | null, previous: number | null, seconds: number): number | null {
  if (current === null || previous === null || seconds <= 0) return null;
  // Counters start again from zero when the server restarts; that step is not traffic.
  return current >= previous ? (current - previous) / seconds : 0;
}

/** The transfer rates over the history (empty when the server's network is not measured). */
export function networkRates(history: readonly StatsSample[]): NetworkRates {
  const rx: number[] = [];
  const tx: number[] = [];
  for (let index = 1; index < history.length; index++) {
    const current = history[index];
    const previous = history[index - 1];
    const seconds = (current.at - previous.at) / 1000;
    const received = rate(current.rx, previous.rx, seconds);
    const sent = rate(current.tx, previous.tx, seconds);
    if (received !== null) rx.push(received);
    if (sent !== null) tx.push(sent);
  }
  return { rx, tx };
}
