import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExchangeLoginTokenMutation } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { selectInitialised } from '../../core/app/appSlice';
import { isSafeTarget, redirectTarget } from './redirectTarget';

/** Props of {@link LoginLinkExchange}. */
export interface LoginLinkExchangeProps {
  /** The `token` of a login link the billing system handed out. */
  token: string;
}

/**
 * Logs in with a single-use login link (`/login?token=…`) from the billing system. The link is
 * exchanged first: only a granted login replaces whoever is logged in here (the session listeners
 * then end the previous session), so a bad or foreign link never ends anyone's session. Afterwards
 * the page the link names opens (else the usual target); a spent or expired link raises the
 * API's error notification and leaves the current session, or the ordinary login form.
 */
export function LoginLinkExchange({ token }: LoginLinkExchangeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const initialised = useAppSelector(selectInitialised);
  const [exchange] = useExchangeLoginTokenMutation();
  const started = useRef(false);

  useEffect(() => {
    // Wait for the start-up session check, so its answer cannot overtake the new login.
    if (!initialised || started.current) return;
    started.current = true;
    const run = async () => {
      try {
        const { data } = await exchange({ body: { token } }).unwrap();
        navigate(isSafeTarget(data.redirect_to) ? data.redirect_to : redirectTarget(location), { replace: true });
      } catch {
        // The token leaves the address: reloading must not try a spent link again.
        navigate({ pathname: location.pathname, search: '' }, { replace: true });
      }
    };
    void run();
  }, [exchange, initialised, location, navigate, token]);

  return (
    <p role="status" aria-busy="true" style={{ fontSize: 16 }}>
      {t('auth.loginLink.progress', 'Signing you in…')}
    </p>
  );
}
