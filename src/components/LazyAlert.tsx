import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Alert (its styles and status icons with it) is fetched the first time one is shown. The
// console's notices (a failed power action, a slow or lost connection, an unreachable node) are
// rare: the page would otherwise carry several kilobytes that almost every visit never draws.
const Alert = lazy(() => import('./antdAlert').then((m) => ({ default: m.Alert })));

/** antd's {@link AlertProps Alert}, loaded when it is first drawn (nothing is drawn until then). */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
