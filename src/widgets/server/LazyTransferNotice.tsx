import { lazy, Suspense } from 'react';
import type { TransferProgressEvent } from '../../api/serverSocket/socketProtocol';

// The notice (antd's Alert and Progress) loads only while a server is being moved or has just
// moved: almost every page opened never shows it, and the console page has no other use for them.
const TransferNotice = lazy(() => import('./TransferNotice').then((m) => ({ default: m.TransferNotice })));

/** {@link TransferNotice}, loaded when there is a move to tell of. */
export function LazyTransferNotice({ transfer, state }: { transfer: TransferProgressEvent | null; state: string | null }) {
  if (!transfer && state !== 'transferring') return null;
  return (
    <Suspense fallback={null}>
      <TransferNotice transfer={transfer} state={state} />
    </Suspense>
  );
}
