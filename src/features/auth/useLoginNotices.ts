import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { notificationAdded } from '../../core/notifications/notificationsSlice';

/**
 * Tells the owner, right after a finished login, what happened to the account since the last
 * one: wrong two-factor codes entered (someone who knows the password may be guessing).
 */
export function useLoginNotices(): (answer: { failed_two_factor_attempts?: number }) => void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return useCallback(
    ({ failed_two_factor_attempts: failed = 0 }) => {
      if (failed <= 0) return;
      dispatch(
        notificationAdded({
          type: 'info',
          title: t('auth.notice.securityTitle', 'Security notice'),
          text: t('auth.notice.failedTwoFactor', 'Failed two-factor attempts since your last login: {{count}}. If this was not you, change your password.', {
            count: failed,
          }),
        }),
      );
    },
    [dispatch, t],
  );
}
