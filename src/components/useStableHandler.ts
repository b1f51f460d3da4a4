import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps one identity for the component's whole life and always calls the latest
 * `handler`. For props of memoised parts that are costly to render again: the list of a large
 * folder (10,000 rows' bookkeeping), the config form (every row of the file).
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
