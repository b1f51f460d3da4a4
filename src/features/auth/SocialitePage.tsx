import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../api/apiError';
import { useFinishAccountLinkMutation } from '../../api/linkedAccounts';
import { useFinishOAuthLoginMutation } from '../../api/socialLogin';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectInitialised } from '../../core/app/appSlice';
import { notificationAdded } from '../../core/notifications/notificationsSlice';
import { selectIsAuthenticated } from '../../core/session/sessionSlice';
import { socialMessage } from './socialMessages';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * The social-login callback: the provider sends the person here with `code` and `state` (or an
 * `error`), and the page passes them to the panel. Logged in, it finishes linking the provider to
 * the account (back to the account page); otherwise it logs in, with the two-factor step when the
 * account has it. A refusal is shown here in the customer's language, with the way back.
 */
export function SocialitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const initialised = useAppSelector(selectInitialised);
  const authenticated = useAppSelector(selectIsAuthenticated);
  const [finishLogin] = useFinishOAuthLoginMutation();
  const [finishLink] = useFinishAccountLinkMutation();
  const [confirmationToken, setConfirmationToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  // What the provider sent, read once: the address is cleared as soon as the page starts.
  const [callback] = useState(() => ({ state: params.get('state'), code: params.get('code') ?? undefined, iss: params.get('iss') ?? undefined, error: params.get('error') ?? undefined }));

  useEffect(() => {
    // Wait for the start-up session check: it decides between logging in and linking.
    if (!initialised || started.current) return;
    started.current = true;
    // The code leaves the address at once: a reload must not send a spent code again.
    setParams({}, { replace: true });
    if (!callback.state) return;
    const body = { ...callback, state: callback.state };
    const run = async () => {
      try {
        if (authenticated) {
          const { data } = await finishLink({ body }).unwrap();
          dispatch(
            notificationAdded({
              type: 'success',
              title: t('account.saved', 'Saved'),
              text: t('oauth.linked', '{{provider}} is linked to your account.', { provider: data.name }),
              forNextScreen: true,
            }),
          );
          navigate('/account/edit', { replace: true });
          return;
        }
        const { data } = await finishLogin({ body }).unwrap();
        if (data.complete) navigate('/', { replace: true });
        else setConfirmationToken(data.confirmation_token);
      } catch (error) {
        setFailure(socialMessage(t, apiErrorMessage(error)));
      }
    };
    void run();
  }, [authenticated, callback, dispatch, finishLink, finishLogin, initialised, navigate, setParams, t]);

  if (confirmationToken) return <TwoFactorStep confirmationToken={confirmationToken} onComplete={() => navigate('/', { replace: true })} onBack={() => navigate('/login', { replace: true })} />;
  const shown = callback.state ? failure : socialMessage(t, 'This sign-in attempt is invalid or has expired. Please try again.');
  if (shown) {
    return (
      <div role="alert" aria-labelledby="socialite-failed" style={{ fontSize: 16 }}>
        <h1 id="socialite-failed" style={{ marginTop: 0, fontSize: 24 }}>
          {authenticated ? t('oauth.linkFailed', 'The provider was not linked') : t('oauth.loginFailed', 'You were not logged in')}
        </h1>
        <p>{shown}</p>
        <Link to={authenticated ? '/account/edit' : '/login'}>{authenticated ? t('oauth.backToAccount', 'Back to your account') : t('oauth.backToLogin', 'Back to log in')}</Link>
      </div>
    );
  }
  return (
    <p role="status" aria-busy="true" style={{ fontSize: 16 }}>
      {t('auth.socialite.progress', 'Signing you in…')}
    </p>
  );
}
