import { Card, Descriptions, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useGetAdminOverviewQuery } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { NodeStateTag, NodeUse } from '../NodeUse';
import { serverStateLabel, stateColour } from '../adminTexts';

function healthName(t: TFunction, name: string): string {
  const names: Record<string, string> = {
    database: t('admin.health.database', 'Database'),
    redis: t('admin.health.redis', 'Redis'),
    mail: t('admin.health.mail', 'Mail'),
    dns: t('admin.health.dns', 'DNS'),
    catalogue: t('admin.health.catalogue', 'Catalogue'),
  };
  return names[name] ?? name;
}

function healthStatus(t: TFunction, status: string): string {
  const labels: Record<string, string> = {
    ok: t('admin.health.ok', 'Working'),
    down: t('admin.health.down', 'Not answering'),
    not_configured: t('admin.health.notConfigured', 'Not set up'),
    unchecked: t('admin.health.unchecked', 'Not checked'),
  };
  return labels[status] ?? status;
}

/** The admin area's first page: nodes with their state and use, servers by state, users, the last day's failures, the panel's health. */
export function AdminOverviewPage() {
  const { t } = useTranslation();
  const { data } = useGetAdminOverviewQuery();
  const overview = data?.data;
  return (
    <AdminPage title={t('admin.nav.overview', 'Overview')} loading={!overview}>
      {overview && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'users', label: t('admin.nav.users', 'Users'), children: overview.users },
              { key: 'failed', label: t('admin.overview.failedInstalls', 'Failed installs (24 h)'), children: overview.failed_installs_last_day },
              { key: 'crashes', label: t('admin.overview.crashes', 'Crashes (24 h)'), children: overview.crashes_last_day },
            ]}
          />
          <Card size="small" title={t('admin.nav.servers', 'Servers')}>
            {Object.entries(overview.servers_by_state).map(([state, count]) => (
              <Tag key={state} color={stateColour(state)}>
                {serverStateLabel(t, state)}: {count}
              </Tag>
            ))}
          </Card>
          <Card size="small" title={t('admin.nav.nodes', 'Nodes')}>
            <List
              dataSource={overview.nodes}
              renderItem={(node) => (
                <List.Item key={node.uuid} extra={<NodeUse node={node} />}>
                  <List.Item.Meta title={node.name} description={<NodeStateTag state={node.state} />} />
                </List.Item>
              )}
            />
          </Card>
          <Card size="small" title={t('admin.overview.health', 'Health')}>
            {overview.health.map((check) => (
              <Tag key={check.name} color={stateColour(check.status)}>
                {healthName(t, check.name)}: {healthStatus(t, check.status)}
              </Tag>
            ))}
          </Card>
        </>
      )}
    </AdminPage>
  );
}
