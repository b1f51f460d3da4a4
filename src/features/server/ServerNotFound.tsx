import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusResult } from '../../components/StatusResult';

/** Props of {@link ServerNotFound}. */
export interface ServerNotFoundProps {
  serverId: string;
}

/**
 * What /server/{id} shows for a server that does not exist or is not shared with the user: no
 * server menu (there is nothing to manage), a way back to the servers.
 */
export function ServerNotFound({ serverId }: ServerNotFoundProps) {
  const { t } = useTranslation();
  const title = t('server.notFound.title', 'Server not found');
  return (
    <section aria-label={title}>
      <StatusResult
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 28 }}>{title}</h1>}
        subTitle={t('server.notFound.text', 'There is no server {{id}} in your account. It may have been deleted, or it is no longer shared with you.', { id: serverId })}
        extra={
          <Link to="/">
            <Button type="primary">{t('server.notFound.back', 'Back to your servers')}</Button>
          </Link>
        }
      />
    </section>
  );
}
