import { useTranslation } from 'react-i18next';

/**
 * What a route shows while its code or the session is still loading: a quiet, accessible busy
 * marker. It stays small on purpose, because it is part of the entry chunk.
 */
export function RouteFallback() {
  const { t } = useTranslation();
  return <div role="status" aria-busy="true" aria-label={t('app.loadingPage', 'Loading page')} style={{ minHeight: '40vh' }} />;
}
