import { Avatar, Button, Empty, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { iconSrc, type Installed } from '../extensionTypes';

/** Props of {@link InstalledExtensionsTable}. */
export interface InstalledExtensionsTableProps {
  installed: Installed[];
  /** Plugins (true) or mods: the empty list says which. */
  plugins: boolean;
  loading: boolean;
  canManage: boolean;
  /** A change is running: every button waits for it. */
  busy: boolean;
  /** The file whose update is running, if any. */
  updatingFile: string | undefined;
  onUpdate: (file: string) => void;
  onToggle: (file: string, enabled: boolean) => void;
  onRemove: (file: string) => void;
}

/** The installed plugins or mods: version, update on offer, enabled, recognised, and their actions. */
export function InstalledExtensionsTable({ installed, plugins, loading, canManage, busy, updatingFile, onUpdate, onToggle, onRemove }: InstalledExtensionsTableProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable<Installed>
      rowKey="file"
      rowLabel={(row) => row.name}
      dataSource={installed}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty description={plugins ? t('extensions.noPlugins', 'No plugins installed yet.') : t('extensions.noMods', 'No mods installed yet.')} /> }}
      columns={[
        {
          title: t('extensions.column.name', 'Name'),
          key: 'name',
          render: (_: unknown, row: Installed) => (
            <Space>
              <Avatar shape="square" size="small" src={iconSrc(row.icon_url)} alt="">
                {row.name.slice(0, 1)}
              </Avatar>
              <span>{row.name}</span>
            </Space>
          ),
        },
        { title: t('extensions.column.version', 'Version'), key: 'version', render: (_: unknown, row: Installed) => row.version_number ?? '—' },
        {
          title: t('extensions.column.status', 'Status'),
          key: 'status',
          render: (_: unknown, row: Installed) => (
            <Space wrap size={4}>
              {row.update ? <Tag color="processing">{t('extensions.tag.update', 'Update available: {{version}}', { version: row.update.version_number })}</Tag> : null}
              {!row.enabled ? <Tag>{t('extensions.tag.disabled', 'Disabled')}</Tag> : null}
              {row.recognised ? <Tag color="success">{t('extensions.tag.recognised', 'Recognised')}</Tag> : <Tag color="warning">{t('extensions.tag.unknown', 'Not in a catalogue')}</Tag>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.file}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: t('extensions.column.actions', 'Actions'),
          key: 'actions',
          render: (_: unknown, row: Installed) => (
            <Space wrap>
              {row.update ? (
                <Button size="small" type="primary" disabled={!canManage || busy} loading={updatingFile === row.file} onClick={() => onUpdate(row.file)}>
                  {t('extensions.update', 'Update')}
                </Button>
              ) : null}
              <Switch
                size="small"
                checked={row.enabled}
                disabled={!canManage || busy}
                aria-label={t('extensions.enabledLabel', '{{name}} enabled', { name: row.name })}
                onChange={(enabled) => onToggle(row.file, enabled)}
              />
              <Popconfirm
                title={t('extensions.removeConfirm', 'Remove {{name}}?', { name: row.name })}
                description={t('extensions.removeText', 'The file is deleted; its configuration folder stays.')}
                okText={t('extensions.remove', 'Remove')}
                cancelText={t('extensions.cancel', 'Cancel')}
                onConfirm={() => onRemove(row.file)}
                disabled={!canManage || busy}
              >
                <Button size="small" danger disabled={!canManage || busy} aria-label={t('extensions.removeLabel', 'Remove {{name}}', { name: row.name })}>
                  {t('extensions.remove', 'Remove')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
