import { useCallback } from 'react';
import { GlobalProgressBar } from '../../components/GlobalProgressBar';
import { NotificationCenter } from '../../components/NotificationCenter';
import { selectIsLoading } from '../../core/app/appSlice';
import { notificationDismissed, selectNotifications } from '../../core/notifications/notificationsSlice';
import { openReportDialog } from '../../features/support/reportDialogState';
import { ReportProblemHost } from '../../features/support/ReportProblemHost';
import { useAppDispatch, useAppSelector } from '../hooks';

/** What every page shows on top of its layout: the progress bar while requests run, and the notifications. */
export function AppChrome() {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectIsLoading);
  const notifications = useAppSelector(selectNotifications);
  const dismiss = useCallback((id: string) => dispatch(notificationDismissed(id)), [dispatch]);
  return (
    <>
      <GlobalProgressBar active={loading} />
      <NotificationCenter notifications={notifications} onDismiss={dismiss} onReport={openReportDialog} />
      <ReportProblemHost />
    </>
  );
}
