import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { isNotifiedCentrally } from '../../core/notifications/addErrorNotificationListeners';
import { notificationAdded } from '../../core/notifications/notificationsSlice';
import { fileErrorMessage } from './fileErrorMessage';

/**
 * Notifications for file actions run straight from a menu (no dialog to show the outcome in):
 * `failed(error, kind)` says why an action failed, unless the panel already raised its own error
 * notification for it (every failed change, and 400, 403, 422 of any request); `succeeded(text)`
 * confirms an action whose effect is not visible at once.
 */
export function useFileNotices() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failed = useCallback(
    (error: unknown, kind: 'query' | 'mutation' = 'query') => {
      if (isNotifiedCentrally(error, kind)) return;
      dispatch(notificationAdded({ type: 'error', title: t('files.notice.failed', 'The action failed'), text: fileErrorMessage(t, error) }));
    },
    [dispatch, t],
  );
  const succeeded = useCallback((text: string) => dispatch(notificationAdded({ type: 'success', title: t('files.notice.done', 'Done'), text })), [dispatch, t]);
  return { failed, succeeded };
}
