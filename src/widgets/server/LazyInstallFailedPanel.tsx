import { lazy, Suspense } from 'react';
import type { InstallFailedPanelProps } from './InstallFailedPanel';

// The panel (antd's Alert among it) loads only for a server whose install failed: the pages that
// show it have no other use for its code, and almost every server opened installed fine.
const InstallFailedPanel = lazy(() => import('./InstallFailedPanel').then((m) => ({ default: m.InstallFailedPanel })));

/** {@link InstallFailedPanel}, loaded when it is shown. */
export function LazyInstallFailedPanel(props: InstallFailedPanelProps) {
  return (
    <Suspense fallback={null}>
      <InstallFailedPanel {...props} />
    </Suspense>
  );
}
