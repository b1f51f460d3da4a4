import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useListServerDatabasesQuery } from '../../api/databases';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { OnceOpened } from '../../components/OnceOpened';
import { DatabaseCard } from './DatabaseCard';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The dialog loads when first opened: with it come antd's Modal and Form, which the list does not need.
const CreateDatabaseDialog = lazy(() => import('./CreateDatabaseDialog').then((m) => ({ default: m.CreateDatabaseDialog })));

/**
 * /server/{id}/database: the server's MariaDB/MySQL databases for plugins and mods, each with
 * its connection details and copy buttons; create (within the plan's limit), show the password,
 * give it a new one, delete. Without a database host set up by the host, the page says so.
 */
export function DatabasesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const canRead = permissions.includes('database.read');
  const databases = useListServerDatabasesQuery({ id }, { skip: !canRead });
  const [creating, setCreating] = useState(false);
  // Passwords the customer chose to see (or just got), per database; never stored elsewhere.
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<string | null>(null);
  const title = t('databases.title', 'Databases');

  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('databases.forbidden', 'You may not see the databases of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !databases.data) {
    const failed = server.error ?? databases.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? databases.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }

  const { data: list, meta } = databases.data;
  const can = (key: string) => permissions.includes(key);
  const setPassword = (uuid: string, password: string | null) =>
    setPasswords((current) => {
      const next = { ...current };
      if (password) next[uuid] = password;
      else delete next[uuid];
      return next;
    });

  if (!meta.available && list.length === 0) {
    return (
      <ServerPageSection title={title}>
        <StatusResult
          status="info"
          title={t('databases.notSetUp', 'Databases are not available yet')}
          subTitle={t('databases.notSetUpHelp', 'The host has not set up databases for this server. Ask them if you need one.')}
        />
      </ServerPageSection>
    );
  }

  const full = list.length >= meta.limit;
  return (
    <ServerPageSection
      title={title}
      badge={<Typography.Text type="secondary">{t('databases.count', '{{count}} of {{limit}}', { count: list.length, limit: meta.limit })}</Typography.Text>}
      actions={
        can('database.create') && meta.available && meta.limit > 0 ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} disabled={full} onClick={() => setCreating(true)}>
            {t('databases.create.open', 'New database')}
          </Button>
        ) : undefined
      }
    >
      {meta.limit === 0 && <Alert type="info" showIcon title={t('databases.noneInPlan', 'The plan of this server includes no databases.')} />}
      {meta.limit > 0 && full && can('database.create') && (
        <Alert type="info" showIcon title={t('databases.limitReached', 'This server has all the databases its plan includes. Delete one to create another.')} />
      )}
      {created && passwords[created] && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setCreated(null) }}
          title={t('databases.createdTitle', 'Database created')}
          description={t('databases.createdHelp', 'Its password is shown below. Copy it into your plugin’s settings; you can show it again later.')}
        />
      )}
      {list.length === 0 ? (
        <Empty description={t('databases.empty', 'No databases yet.')} />
      ) : (
        <Flex vertical gap={16}>
          {list.map((database) => (
            <DatabaseCard key={database.uuid} serverId={id} database={database} can={can} password={passwords[database.uuid] ?? null} onPassword={(password) => setPassword(database.uuid, password)} />
          ))}
        </Flex>
      )}
      <OnceOpened open={creating}>
        <CreateDatabaseDialog
          serverId={id}
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(uuid, password) => {
            setCreated(uuid);
            if (password) setPassword(uuid, password);
          }}
        />
      </OnceOpened>
    </ServerPageSection>
  );
}
