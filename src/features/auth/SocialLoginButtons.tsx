import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../api/baseQuery';
import { useListOAuthProvidersQuery } from '../../api/socialLogin';

/**
 * "Log in with …" for each provider the host enabled (nothing when there is none). Each is a plain
 * link: the panel answers it with a redirect to the provider, which sends the person back to
 * /socialite.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  const providers = useListOAuthProvidersQuery().data?.data ?? [];
  if (providers.length === 0) return null;
  return (
    <nav aria-label={t('oauth.login.label', 'Log in with another account')} style={{ display: 'grid', gap: 8 }}>
      <p style={{ margin: 0, textAlign: 'center', opacity: 0.8 }}>{t('oauth.login.or', 'or')}</p>
      {providers.map((provider) => (
        <a
          key={provider.id}
          className="panel-button"
          href={`${apiBaseUrl}/auth/oauth/${encodeURIComponent(provider.id)}/redirect`}
          style={{ boxSizing: 'border-box', textDecoration: 'none', color: '#fff' }}
        >
          {t('oauth.login.with', 'Log in with {{provider}}', { provider: provider.name })}
        </a>
      ))}
    </nav>
  );
}
