import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Popconfirm, Space } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/apiError';
import { useDeleteServerDatabaseMutation, useLazyGetServerDatabasePasswordQuery, useRotateServerDatabasePasswordMutation, type ServerDatabase } from '../../api/databases';
import { Ltr } from '../../components/Ltr';
import { CopyValue } from './CopyValue';
import { jdbcUrl } from './jdbcUrl';

/** Props of {@link DatabaseCard}. */
export interface DatabaseCardProps {
  serverId: string;
  database: ServerDatabase;
  can: (key: string) => boolean;
  /** The password the page holds for this database (just created, rotated or shown), or null. */
  password: string | null;
  onPassword: (password: string | null) => void;
}

/**
 * One database: host, port, database, user, password (shown on demand) and the JDBC address,
 * each with a copy button; rotate the password, delete. A card, so it fits a phone as it is.
 */
export function DatabaseCard({ serverId, database, can, password, onPassword }: DatabaseCardProps) {
  const { t } = useTranslation();
  const [reveal, revealing] = useLazyGetServerDatabasePasswordQuery();
  const [rotate, rotation] = useRotateServerDatabasePasswordMutation();
  const [remove, removal] = useDeleteServerDatabaseMutation();
  const ids = { id: serverId, database: database.uuid };
  const failure = rotation.error ?? removal.error ?? revealing.error;
  const show = () =>
    void reveal(ids).then((result) => {
      if (result.data) onPassword(result.data.data.password);
    });

  return (
    <PlainCard
      title={<Ltr>{database.name}</Ltr>}
      aria-label={t('databases.cardLabel', 'Database {{name}}', { name: database.name })}
      role="region"
      actions={[
        ...(can('database.update')
          ? [
              <Popconfirm
                key="rotate"
                title={t('databases.rotateConfirm', 'Give this database a new password? The old one stops working at once.')}
                okText={t('databases.rotate', 'New password')}
                cancelText={t('databases.cancel', 'Cancel')}
                onConfirm={() =>
                  void rotate(ids).then((result) => {
                    if ('data' in result && result.data) onPassword(result.data.data.password);
                  })
                }
              >
                <Button type="text" icon={<SyncOutlined aria-hidden="true" />} loading={rotation.isLoading}>
                  {t('databases.rotate', 'New password')}
                </Button>
              </Popconfirm>,
            ]
          : []),
        ...(can('database.delete')
          ? [
              <Popconfirm
                key="delete"
                title={t('databases.deleteConfirm', 'Delete this database? Its tables and data are gone for good.')}
                okText={t('databases.delete', 'Delete')}
                cancelText={t('databases.cancel', 'Cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => void remove(ids)}
              >
                <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} loading={removal.isLoading}>
                  {t('databases.delete', 'Delete')}
                </Button>
              </Popconfirm>,
            ]
          : []),
      ]}
    >
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={apiErrorMessage(failure) ?? t('databases.actionFailed', 'That did not work. Try again.')} /> : null}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'host', label: t('databases.field.host', 'Host'), children: <CopyValue value={database.host} what={t('databases.field.host', 'Host')} /> },
          { key: 'port', label: t('databases.field.port', 'Port'), children: <CopyValue value={String(database.port)} what={t('databases.field.port', 'Port')} /> },
          { key: 'database', label: t('databases.field.database', 'Database'), children: <CopyValue value={database.name} what={t('databases.field.database', 'Database')} /> },
          { key: 'user', label: t('databases.field.user', 'User'), children: <CopyValue value={database.username} what={t('databases.field.user', 'User')} /> },
          {
            key: 'password',
            label: t('databases.field.password', 'Password'),
            children: (
              <Space wrap size={4}>
                {password ? <CopyValue value={password} what={t('databases.field.password', 'Password')} /> : <CopyValue value="" what="" masked="••••••••••••" />}
                {can('database.view_password') &&
                  (password ? (
                    <Button size="small" icon={<EyeInvisibleOutlined aria-hidden="true" />} onClick={() => onPassword(null)}>
                      {t('databases.hidePassword', 'Hide')}
                    </Button>
                  ) : (
                    <Button size="small" icon={<EyeOutlined aria-hidden="true" />} loading={revealing.isFetching} onClick={show}>
                      {t('databases.showPassword', 'Show password')}
                    </Button>
                  ))}
              </Space>
            ),
          },
          { key: 'from', label: t('databases.field.connectionsFrom', 'Connections from'), children: <Ltr>{database.connections_from}</Ltr> },
          { key: 'jdbc', label: t('databases.field.jdbc', 'JDBC URL'), children: <CopyValue value={jdbcUrl(database)} what={t('databases.field.jdbc', 'JDBC URL')} /> },
        ]}
      />
    </PlainCard>
  );
}
