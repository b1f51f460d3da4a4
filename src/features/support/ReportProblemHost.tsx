import { lazy, Suspense, useEffect } from 'react';
import { REPORT_PROBLEM_EVENT } from '../../components/reportProblem';
import { closeReportDialog, openReportDialog, useReportDialogOpen } from './reportDialogState';

// The dialog (antd Modal) loads only when someone reports a problem.
const ReportProblemDialog = lazy(() => import('./ReportProblemDialog').then((m) => ({ default: m.ReportProblemDialog })));

/** Shows the "Report a problem" dialog while it is open. Mounted once, next to the notifications. */
export function ReportProblemHost() {
  const open = useReportDialogOpen();
  // Other features ask for the dialog with requestReportProblem().
  useEffect(() => {
    window.addEventListener(REPORT_PROBLEM_EVENT, openReportDialog);
    return () => window.removeEventListener(REPORT_PROBLEM_EVENT, openReportDialog);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportProblemDialog onClose={closeReportDialog} />
    </Suspense>
  );
}
