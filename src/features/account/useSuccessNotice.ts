import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { notificationAdded } from '../../core/notifications/notificationsSlice';

/** Returns a function that shows a success notification titled "Saved" with the given text. */
export function useSuccessNotice(): (text: string) => void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return useCallback((text: string) => dispatch(notificationAdded({ type: 'success', title: t('account.saved', 'Saved'), text })), [dispatch, t]);
}
