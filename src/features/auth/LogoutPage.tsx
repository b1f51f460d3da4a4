import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../api/auth';
import { useAppDispatch } from '../../app/hooks';
import { loggedOut, selectIsAuthenticated } from '../../core/session/sessionSlice';

/**
 * Log out: tells the server to revoke the token, then forgets it here and goes to /login. The
 * user is logged out here even when the server cannot be reached.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(() => {
        // The session listeners log out on the server's answer; this covers any other outcome.
        dispatch((next, getState) => {
          if (selectIsAuthenticated(getState())) next(loggedOut());
        });
        navigate('/login', { replace: true });
      });
  }, [dispatch, logout, navigate]);

  return (
    <p role="status" aria-busy="true" style={{ fontSize: 16 }}>
      {t('auth.logout.progress', 'Logging you out…')}
    </p>
  );
}
