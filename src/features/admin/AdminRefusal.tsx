import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusResult } from '../../components/StatusResult';
import type { AdminAreaRefusal } from './adminAccess';

/** What the admin area shows instead of its pages: a 403 for customers, "turn on two-factor first" for admins without it. */
export function AdminRefusal({ reason }: { reason: AdminAreaRefusal }) {
  const { t } = useTranslation();
  if (reason === 'not_admin') {
    return <StatusResult status="403" title={t('admin.refused.title', 'This area is for the panel’s administrators')} extra={<Link to="/">{t('admin.refused.back', 'Back to your servers')}</Link>} />;
  }
  return (
    <StatusResult
      status="warning"
      title={t('admin.twoFactor.title', 'Turn on two-factor first')}
      subTitle={t('admin.twoFactor.text', 'The admin area acts on every customer, so it opens only for accounts that sign in with a second factor.')}
      extra={
        <Link to="/account/edit">
          <Button type="primary">{t('admin.twoFactor.action', 'Turn on two-factor')}</Button>
        </Link>
      }
    />
  );
}
