import { lazy, Suspense } from 'react';
import type { ServerLoadFailureProps } from './ServerLoadFailure';

// The failure (antd-styled result, its icons and texts) loads only when a server cannot be loaded:
// for the console, the page that carries the terminal, every kilobyte it need not load counts.
const ServerLoadFailure = lazy(() => import('./ServerLoadFailure').then((m) => ({ default: m.ServerLoadFailure })));

/** {@link ServerLoadFailure}, loaded when it is shown. */
export function LazyServerLoadFailure(props: ServerLoadFailureProps) {
  return (
    <Suspense fallback={null}>
      <ServerLoadFailure {...props} />
    </Suspense>
  );
}
