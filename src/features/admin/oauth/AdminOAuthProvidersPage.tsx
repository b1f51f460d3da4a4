import { Button, Drawer, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAdminOAuthProviderMutation, useListAdminOAuthProvidersQuery, useUpdateAdminOAuthProviderMutation } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { OAuthProviderForm } from './OAuthProviderForm';
import { oauthKindLabel, type AdminOAuthProvider } from './oauthProviderTexts';

const quietly = (action: Promise<unknown>) => void action.catch(() => undefined);

/**
 * Social login: the providers of the settings (read-only) and those added here, which take effect
 * at once; the callback URL to register at each provider; add, change, turn off, remove.
 */
export function AdminOAuthProvidersPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminOAuthProvidersQuery();
  const [update] = useUpdateAdminOAuthProviderMutation();
  const [remove] = useDeleteAdminOAuthProviderMutation();
  const [editing, setEditing] = useState<AdminOAuthProvider | 'new' | null>(null);
  const fromSettings = (provider: AdminOAuthProvider) => provider.source === 'settings';
  const columns = [
    {
      key: 'name',
      title: t('admin.field.name', 'Name'),
      render: (provider: AdminOAuthProvider) => (
        <>
          {provider.name} <Typography.Text type="secondary">({provider.id})</Typography.Text>
        </>
      ),
    },
    { key: 'kind', title: t('admin.oauth.kind', 'Kind'), render: (provider: AdminOAuthProvider) => oauthKindLabel(t, provider.kind) },
    {
      key: 'source',
      title: t('admin.oauth.source', 'Set up in'),
      render: (provider: AdminOAuthProvider) =>
        fromSettings(provider) ? <Tag>{t('admin.oauth.sourceSettings', 'Panel settings')}</Tag> : <Tag color="blue">{t('admin.oauth.sourceAdmin', 'Admin area')}</Tag>,
    },
    { key: 'linked', title: t('admin.oauth.linkedAccounts', 'Linked accounts'), dataIndex: 'linked_accounts' },
    {
      key: 'enabled',
      title: t('admin.oauth.enabled', 'Offered'),
      render: (provider: AdminOAuthProvider) => (
        <Switch
          checked={provider.enabled}
          disabled={fromSettings(provider)}
          aria-label={`${t('admin.oauth.enabled', 'Offered')}: ${provider.name}`}
          onChange={(enabled) => quietly(update({ provider: provider.id, body: { enabled } }).unwrap())}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (provider: AdminOAuthProvider) =>
        fromSettings(provider) ? (
          <Typography.Text type="secondary">{t('admin.oauth.readOnly', 'Change it in the panel’s settings')}</Typography.Text>
        ) : (
          <Space wrap size={4}>
            <Button size="small" onClick={() => setEditing(provider)}>
              {t('admin.action.edit', 'Edit')}
            </Button>
            <Popconfirm
              title={
                provider.linked_accounts > 0
                  ? t(
                      'admin.oauth.deleteLinked',
                      '{{count}} account(s) linked it. Their links stay, but they can no longer sign in with it: they use a password, a passkey or another provider. Remove it?',
                      { count: provider.linked_accounts },
                    )
                  : t('admin.oauth.deleteConfirm', 'Remove this provider?')
              }
              okButtonProps={{ danger: true }}
              onConfirm={() => quietly(remove({ provider: provider.id }).unwrap())}
            >
              <Button size="small" danger>
                {t('admin.action.delete', 'Delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  const callbackUrl = data?.meta.callback_url;
  return (
    <AdminPage
      title={t('admin.nav.socialLogin', 'Social login')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('admin.oauth.add', 'Add provider')}
        </Button>
      }
    >
      {callbackUrl && (
        <div>
          <Typography.Text>{t('admin.oauth.callback', 'Callback URL (redirect URI) to register at each provider:')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: callbackUrl }} code style={{ marginBlockStart: 4 }}>
            {callbackUrl}
          </Typography.Paragraph>
        </div>
      )}
      <Table rowKey="id" loading={isLoading} dataSource={data?.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('admin.oauth.add', 'Add provider') : t('admin.action.edit', 'Edit')}
        size="min(600px, 100vw)"
        destroyOnHidden
      >
        {editing && <OAuthProviderForm provider={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Drawer>
    </AdminPage>
  );
}
