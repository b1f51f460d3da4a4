import { lazy, Suspense } from 'react';
import { closeReportDialog, useReportDialogOpen } from './reportDialogState';

// The dialog (antd Modal) loads only when someone reports a problem.
const ReportProblemDialog = lazy(() => import('./ReportProblemDialog').then((m) => ({ default: m.ReportProblemDialog })));

/** Shows the "Report a problem" dialog while it is open. Mounted once, next to the notifications. */
export function ReportProblemHost() {
  const open = useReportDialogOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportProblemDialog onClose={closeReportDialog} />
    </Suspense>
  );
}
