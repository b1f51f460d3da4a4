import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { notificationAdded } from '../../core/notifications/notificationsSlice';

/** Returns a function that shows a notification of the config screen (success, or information). */
export function useConfigNotice(): (type: 'success' | 'info', text: string) => void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return useCallback(
    (type: 'success' | 'info', text: string) =>
      dispatch(
        notificationAdded({
          type,
          title: type === 'success' ? t('config.savedTitle', 'Saved') : t('config.infoTitle', 'Configuration'),
          text,
        }),
      ),
    [dispatch, t],
  );
}
