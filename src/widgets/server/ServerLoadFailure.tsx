import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isHttpApiError } from '../../api/apiError';
import { StatusResult } from '../../components/StatusResult';

/** Props of {@link ServerLoadFailure}. */
export interface ServerLoadFailureProps {
  /** The error of the server query. */
  error: unknown;
  onRetry?: () => void;
}

/** What a server page shows when the server cannot be loaded: not found (or not shared), or a failure to retry. */
export function ServerLoadFailure({ error, onRetry }: ServerLoadFailureProps) {
  const { t } = useTranslation();
  const missing = isHttpApiError(error) && (error.status === 404 || error.status === 403);
  return (
    <StatusResult
      status={missing ? '404' : 'error'}
      title={missing ? t('server.load.notFoundTitle', 'Server not found') : t('server.load.failedTitle', 'The server could not be loaded')}
      subTitle={
        missing ? t('server.load.notFoundText', 'It does not exist, or it is not shared with you.') : t('server.load.failedText', 'The panel did not answer. Check your connection and try again.')
      }
      extra={
        missing ? (
          <Link to="/">{t('server.load.backToServers', 'Back to your servers')}</Link>
        ) : (
          <Button type="primary" onClick={onRetry}>
            {t('server.load.retry', 'Try again')}
          </Button>
        )
      }
    />
  );
}
