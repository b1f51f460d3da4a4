import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminOAuthProviderMutation, useUpdateAdminOAuthProviderMutation } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';
import { oauthKindLabel, oauthProviderKinds, type AdminOAuthProvider, type OAuthProviderKind } from './oauthProviderTexts';

interface ProviderFormValues {
  id: string;
  kind: OAuthProviderKind;
  name?: string;
  client_id: string;
  client_secret?: string;
  issuer?: string;
  enabled: boolean;
}

/**
 * Adds a social-login provider or changes one of the admin area. The client secret is never shown
 * or pre-filled: left empty on a change, the stored one stays. The issuer is asked for OpenID
 * Connect only (Discord, Google and GitHub have published endpoints).
 */
export function OAuthProviderForm({ provider, onDone }: { provider?: AdminOAuthProvider; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderFormValues>();
  const kind = Form.useWatch('kind', form) ?? provider?.kind;
  const [create, creating] = useCreateAdminOAuthProviderMutation();
  const [update, updating] = useUpdateAdminOAuthProviderMutation();
  const submit = async ({ id, client_secret, issuer, ...values }: ProviderFormValues) => {
    const common = { ...values, name: values.name ?? '', ...(values.kind === 'oidc' ? { issuer: issuer ?? '' } : {}) };
    if (provider) await update({ provider: provider.id, body: { ...common, ...(client_secret ? { client_secret } : {}) } }).unwrap();
    else await create({ body: { id, ...common, client_secret: client_secret ?? '' } }).unwrap();
    onDone();
  };
  const initialValues: Partial<ProviderFormValues> = provider
    ? { kind: provider.kind, name: provider.name, client_id: provider.client_id, issuer: provider.issuer ?? undefined, enabled: provider.enabled }
    : { kind: 'oidc', enabled: true };
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      {!provider && (
        <AdminField name="id" label={t('admin.oauth.id', 'Id (in addresses: a-z, 0-9 and -)')} required>
          {/* i18n-ignore: an example id, the same in every language */}
          <Input autoComplete="off" placeholder="company-sso" />
        </AdminField>
      )}
      <AdminField name="kind" label={t('admin.oauth.kind', 'Kind')} required>
        <Select options={oauthProviderKinds.map((value) => ({ value, label: oauthKindLabel(t, value) }))} />
      </AdminField>
      <AdminField name="name" label={t('admin.oauth.name', 'Name on the button (empty: the provider’s own name)')}>
        <Input />
      </AdminField>
      <AdminField name="client_id" label={t('admin.oauth.clientId', 'Client ID')} required>
        <Input autoComplete="off" spellCheck={false} />
      </AdminField>
      <AdminField
        name="client_secret"
        label={provider ? t('admin.oauth.clientSecretKeep', 'Client secret (empty: the stored one stays)') : t('admin.oauth.clientSecret', 'Client secret')}
        required={!provider}
      >
        <Input.Password autoComplete="new-password" spellCheck={false} />
      </AdminField>
      {kind === 'oidc' && (
        <AdminField name="issuer" label={t('admin.oauth.issuer', 'Issuer (the discovery base URL)')} required>
          {/* i18n-ignore: an address, the same in every language */}
          <Input spellCheck={false} placeholder="https://id.example.com" />
        </AdminField>
      )}
      <Form.Item name="enabled" valuePropName="checked">
        <Checkbox>{t('admin.oauth.enabledLabel', 'Offer it on the login page')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={creating.isLoading || updating.isLoading}>
        {provider ? t('admin.action.save', 'Save') : t('admin.oauth.add', 'Add provider')}
      </Button>
    </Form>
  );
}
