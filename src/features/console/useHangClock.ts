import { useEffect, useState } from 'react';
import type { PowerState } from '../../api/servers';
import { msUntilStopHangs } from './powerButtonRules';

/**
 * The current time for the power rules, refreshed exactly when a stop in progress starts to
 * count as hanging (no ticking otherwise).
 */
export function useHangClock(state: PowerState, stateSince: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = msUntilStopHangs({ state, stateSince, now: Date.now() });
    // Refresh at once when the state changed, and once more when the hang threshold is reached.
    const refresh = setTimeout(() => setNow(Date.now()), 0);
    const atHang = wait !== null && wait > 0 ? setTimeout(() => setNow(Date.now()), wait + 50) : null;
    return () => {
      clearTimeout(refresh);
      if (atHang) clearTimeout(atHang);
    };
  }, [state, stateSince]);
  return now;
}
