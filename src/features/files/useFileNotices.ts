import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpApiError } from '../../api/apiError';
import { useAppDispatch } from '../../app/hooks';
import { NOTIFIED_STATUSES } from '../../app/listeners/addErrorNotificationListeners';
import { notificationAdded } from '../../app/sharedState';
import { fileErrorMessage } from './fileErrorMessage';

/**
 * Notifications for file actions run straight from a menu (no dialog to show the outcome in):
 * `failed(error)` says why an action failed, unless the panel already raised its own error
 * notification for that status (400, 403, 422 carry the server's message); `succeeded(text)`
 * confirms an action whose effect is not visible at once.
 */
export function useFileNotices() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failed = useCallback(
    (error: unknown) => {
      if (isHttpApiError(error) && NOTIFIED_STATUSES.includes(error.status)) return;
      dispatch(notificationAdded({ type: 'error', title: t('files.notice.failed', 'The action failed'), text: fileErrorMessage(t, error) }));
    },
    [dispatch, t],
  );
  const succeeded = useCallback((text: string) => dispatch(notificationAdded({ type: 'success', title: t('files.notice.done', 'Done'), text })), [dispatch, t]);
  return { failed, succeeded };
}
