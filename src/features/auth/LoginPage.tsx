import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { validationCleared } from '../../core/validation/validationSlice';
import { PasswordStep } from './PasswordStep';
import { redirectTarget } from './redirectTarget';
import { TwoFactorStep } from './TwoFactorStep';

// Only billing-system login links need it: the ordinary login page does not load it.
const LoginLinkExchange = lazy(() => import('./LoginLinkExchange').then((m) => ({ default: m.LoginLinkExchange })));

/**
 * Log in: username or email and password, then, when the account has two-factor on, the code
 * step. Afterwards the user goes back to where they were going, or to the dashboard. With
 * `?token=` (a login link from the billing system) the link is exchanged instead.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [confirmationToken, setConfirmationToken] = useState<string | null>(null);
  useClearValidationOnLeave();

  const finish = () => navigate(redirectTarget(location), { replace: true });
  const back = () => {
    dispatch(validationCleared());
    setConfirmationToken(null);
  };

  const linkToken = new URLSearchParams(location.search).get('token');
  if (linkToken) {
    return (
      <Suspense fallback={null}>
        <LoginLinkExchange token={linkToken} />
      </Suspense>
    );
  }
  if (confirmationToken) return <TwoFactorStep confirmationToken={confirmationToken} onComplete={finish} onBack={back} />;
  return <PasswordStep onComplete={finish} onTwoFactor={setConfirmationToken} />;
}
