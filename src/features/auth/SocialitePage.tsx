import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLazyGetCurrentUserQuery } from '../../api/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { authenticated, tokenReceived } from '../../core/session/sessionSlice';
import { notificationAdded } from '../../core/notifications/notificationsSlice';
import { selectInitialised } from '../../core/app/appSlice';
import { clearStoredToken } from '../../api/accessToken';

/**
 * The social-login callback. Takes the access token from the query, stores it, loads the user
 * with it and goes to the dashboard. A missing or refused token leads to /login with an error.
 */
export function SocialitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const initialised = useAppSelector(selectInitialised);
  const [loadCurrentUser] = useLazyGetCurrentUserQuery();
  const started = useRef(false);
  const token = params.get('token');

  useEffect(() => {
    // Wait for the start-up session check, so its answer cannot overtake this one.
    if (!initialised || started.current) return;
    started.current = true;

    const fail = () => {
      dispatch(
        notificationAdded({
          type: 'error',
          title: t('auth.socialite.errorTitle', 'Error'),
          text: t('auth.socialite.errorText', 'The sign-in link is invalid or has expired. Please log in again.'),
          forNextScreen: true,
        }),
      );
      navigate('/login', { replace: true });
    };
    if (!token) {
      fail();
      return;
    }
    dispatch(tokenReceived(token));
    loadCurrentUser(undefined, false)
      .unwrap()
      .then(({ data }) => {
        dispatch(authenticated(data.user));
        navigate('/', { replace: true });
      })
      .catch(() => {
        clearStoredToken();
        fail();
      });
  }, [dispatch, initialised, loadCurrentUser, navigate, t, token]);

  return (
    <p role="status" aria-busy="true" style={{ fontSize: 16 }}>
      {t('auth.socialite.progress', 'Signing you in…')}
    </p>
  );
}
