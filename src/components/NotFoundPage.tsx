import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { StatusResult } from './StatusResult';

/** The page for any address the panel does not know (shown in the blank layout). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section aria-label={t('notFound.title', 'Page not found')}>
      <StatusResult
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 32 }}>{t('notFound.title', 'Page not found')}</h1>}
        subTitle={t('notFound.text', 'There is nothing at {{path}}. It may have moved, or the link may be mistyped.', { path: pathname })}
        extra={
          <Link to="/">
            <Button type="primary">{t('notFound.home', 'Back to the dashboard')}</Button>
          </Link>
        }
      />
    </section>
  );
}
