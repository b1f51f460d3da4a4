import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { validationCleared } from '../../core/validation/validationSlice';
import { PasswordStep } from './PasswordStep';
import { redirectTarget } from './redirectTarget';
import { lazyPage } from '../../components/lazyPage';

// Only billing-system login links need it: the ordinary login page does not load it.
const LoginLinkExchange = lazy(() => import('./LoginLinkExchange').then((m) => ({ default: m.LoginLinkExchange })));
// Only accounts with two-factor on reach it: its code loads while the server checks the password.
const TwoFactorStep = lazyPage(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

/**
 * Log in: username or email and password (or a passkey alone), then, when the account has
 * two-factor on, the code step (where a passkey may stand in for the code). Afterwards the user
 * goes back to where they were going, or to the dashboard. With `?token=` (a login link from the
 * billing system) the link is exchanged instead.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<{ token: string; hasPasskeys: boolean } | null>(null);
  useClearValidationOnLeave();

  const finish = () => navigate(redirectTarget(location), { replace: true });
  const back = () => {
    dispatch(validationCleared());
    setPending(null);
  };

  const linkToken = new URLSearchParams(location.search).get('token');
  if (linkToken) {
    return (
      <Suspense fallback={null}>
        <LoginLinkExchange token={linkToken} />
      </Suspense>
    );
  }
  if (pending) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep confirmationToken={pending.token} hasPasskeys={pending.hasPasskeys} onComplete={finish} onBack={back} />
      </Suspense>
    );
  }
  return <PasswordStep onComplete={finish} onTwoFactor={(token, hasPasskeys) => setPending({ token, hasPasskeys })} onSent={() => void TwoFactorStep.preload().catch(() => undefined)} />;
}
