import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useClearValidationOnLeave, validationCleared } from '../../app/sharedState';
import { PasswordStep } from './PasswordStep';
import { redirectTarget } from './redirectTarget';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * Log in: username or email and password, then, when the account has two-factor on, the code
 * step. Afterwards the user goes back to where they were going, or to the dashboard.
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

  if (confirmationToken) return <TwoFactorStep confirmationToken={confirmationToken} onComplete={finish} onBack={back} />;
  return <PasswordStep onComplete={finish} onTwoFactor={setConfirmationToken} />;
}
