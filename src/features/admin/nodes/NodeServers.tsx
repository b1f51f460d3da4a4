import { Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListAdminServersQuery } from '../../../api/generated/admin.gen';
import { serverStateLabel, stateColour } from '../adminTexts';

/** The servers on a node (a node row's expansion): name, owner and state, each leading to the servers page filtered to it. */
export function NodeServers({ node }: { node: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminServersQuery({ node });
  const servers = data?.data ?? [];
  if (!isLoading && servers.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.nodes.noServers', 'No servers on this node.')} />;
  return (
    <List
      size="small"
      loading={isLoading}
      dataSource={servers}
      aria-label={t('admin.nodes.serversOf', 'Servers on {{node}}', { node })}
      renderItem={(server) => {
        const state = server.suspended ? 'suspended' : server.state;
        return (
          <List.Item>
            <Link to={`/admin/servers?search=${encodeURIComponent(server.identifier)}`}>{`${server.name} (${server.identifier})`}</Link>
            <span>{server.owner.username}</span>
            <Tag color={stateColour(state)}>{serverStateLabel(t, state)}</Tag>
          </List.Item>
        );
      }}
    />
  );
}
