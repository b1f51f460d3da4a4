import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/apiError';
import { StatusResult } from '../../components/StatusResult';

/** Props of {@link AccessDenied}. */
export interface AccessDeniedProps {
  /** The 403 answer, whose message names what is missing; without one a general text is shown. */
  error?: unknown;
}

/** What a sharing page shows to someone whose permissions on this server do not cover it. */
export function AccessDenied({ error }: AccessDeniedProps) {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="403"
      title={t('sharing.denied.title', 'You do not have permission to see this')}
      subTitle={apiErrorMessage(error) ?? t('sharing.denied.text', 'The owner of this server has not given you access to this area. Ask them if you need it.')}
    />
  );
}
