import { Alert, Drawer, Empty, List, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetServerExtensionProjectQuery } from '../../api/extensions';
import { useDateTime } from '../../core/session/useDateTime';
import { errorText } from './errorText';
import type { Hit } from './extensionTypes';

/** Props of {@link ExtensionDetailsDrawer}. */
export interface ExtensionDetailsDrawerProps {
  serverId: string;
  /** The search result whose project page shows; null closes the drawer. */
  hit: Hit | null;
  onClose: () => void;
}

/**
 * A catalogue project's page: its description and the versions that fit this server. Its own
 * module, loaded the first time someone asks for details (most visits never do).
 */
export function ExtensionDetailsDrawer({ serverId, hit, onClose }: ExtensionDetailsDrawerProps) {
  const { t } = useTranslation();
  const day = useDateTime('date');
  const project = useGetServerExtensionProjectQuery({ id: serverId, provider: hit?.provider ?? 'modrinth', project: hit?.project_id ?? '' }, { skip: !hit });
  return (
    <Drawer open={hit !== null} onClose={onClose} title={hit?.name ?? ''} size="large">
      {project.error ? <Alert type="error" showIcon title={errorText(project.error, t) ?? t('extensions.searchFailed', 'The catalogue could not be searched.')} /> : null}
      {project.isFetching || !project.data ? (
        project.error ? null : (
          <Skeleton active />
        )
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{project.data.data.body || project.data.data.hit.description}</Typography.Paragraph>
          <Typography.Title level={4}>{t('extensions.versionsForServer', 'Versions for this server')}</Typography.Title>
          <List
            size="small"
            dataSource={project.data.data.versions}
            locale={{ emptyText: <Empty description={t('extensions.noVersions', 'No version fits this server.')} /> }}
            renderItem={(v) => (
              <List.Item key={v.id}>
                {v.number}
                {v.published_at ? <Typography.Text type="secondary"> · {day(v.published_at)}</Typography.Text> : null}
              </List.Item>
            )}
          />
        </Space>
      )}
    </Drawer>
  );
}
