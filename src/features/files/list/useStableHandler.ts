import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps one identity for the component's whole life and always calls the latest
 * `handler`. The list of a large folder is memoised: handlers made anew on each render of the page
 * would otherwise render its 10,000 rows' bookkeeping again for nothing.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
