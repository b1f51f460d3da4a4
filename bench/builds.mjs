/**
 * For benchmarks that compare checkouts (or builds) of the panel side by side in one run:
 * BENCH_<NAME>_BUILDS=before=<dir>,after=<dir> names them, each measured in turn every round so
 * that a change in the machine's load falls on all of them alike.
 */
import { resolve } from 'node:path';

/** The builds named in the environment variable `variable` (name=dir, ...), or null when it is unset. */
export function buildsFromEnv(variable) {
  const spec = process.env[variable];
  if (!spec) return null;
  return spec.split(',').map((entry) => {
    const [name, dir] = entry.split('=');
    if (!name || !dir) throw new Error(`${variable}: "${entry}" is not name=dir`);
    return { name, dir: resolve(dir) };
  });
}

/** The median (the mean of the two middle values for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `value` against `base` as a signed percentage ("+4.2 %"). */
export const changeAgainst = (value, base) => `${value >= base ? '+' : ''}${((value / base - 1) * 100).toFixed(1)} %`;
