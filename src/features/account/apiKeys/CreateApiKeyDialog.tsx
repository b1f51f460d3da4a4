import { useState } from 'react';
import { Button, Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateApiKeyMutation } from '../../../api/apiKeys';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from '../formScope';
import { EXPIRY_DAYS, expiresAtFor, expiryLabel } from './expiryChoices';
import { NewKeyToken } from './NewKeyToken';
import { GROUP_NODE, useScopeTree } from './useScopeTree';

interface Values {
  description: string;
  scopes: string[];
  allowed_ips: string[];
  expiry_days: number;
}

/** Props of {@link CreateApiKeyDialog}. */
export interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
}

const FORM = 'api-key';

/** The dialog that creates a key: description, scopes, allowed addresses and lifetime; then the key, shown once. */
export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateApiKeyMutation();
  const [token, setToken] = useState<string | null>(null);
  const activate = useActivateForm(FORM);
  const { tree, loading } = useScopeTree(open);
  const labels = {
    description: t('apiKeys.field.description', 'Description'),
    scopes: t('apiKeys.field.scopes', 'Scopes'),
    allowed_ips: t('apiKeys.field.allowedIps', 'Allowed IP addresses'),
    expires_at: t('apiKeys.field.expiry', 'Expires after'),
  };
  const errors = {
    description: useScopedFieldErrors(FORM, 'description'),
    scopes: useScopedFieldErrors(FORM, 'scopes'),
    allowed_ips: useScopedFieldErrors(FORM, 'allowed_ips'),
    expires_at: useScopedFieldErrors(FORM, 'expires_at'),
  };

  const close = () => {
    // The key leaves memory with the dialog.
    setToken(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    activate();
    try {
      const scopes = (values.scopes ?? []).filter((scope) => !scope.startsWith(GROUP_NODE));
      const answer = await create({ body: { description: values.description, scopes, allowed_ips: values.allowed_ips ?? [], expires_at: expiresAtFor(values.expiry_days) } }).unwrap();
      setToken(answer.data.token);
    } catch {
      // Shown by the listeners and under the fields.
    }
  };

  return (
    <Modal open={open} title={token ? t('apiKeys.created', 'Your new API key') : t('apiKeys.create', 'Create API key')} onCancel={close} footer={null} destroyOnHidden>
      {token ? (
        <NewKeyToken token={token} onDone={close} />
      ) : (
        <Form<Values> form={form} name="account-api-key" layout="vertical" onFinish={submit} initialValues={{ scopes: [], allowed_ips: [], expiry_days: 0 }}>
          <Form.Item
            name="description"
            label={labels.description}
            rules={[{ required: true, whitespace: true, message: t('validation.required', 'This field is required') }]}
            {...fieldErrorProps(errors.description, labels.description)}
          >
            <Input maxLength={100} placeholder={t('apiKeys.field.descriptionPlaceholder', 'e.g. Discord bot')} />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={labels.scopes}
            extra={t('apiKeys.field.scopesHelp', 'Leave empty to allow everything you may do. A key never gets more than your own permissions.')}
            {...fieldErrorProps(errors.scopes, labels.scopes)}
          >
            <TreeSelect
              treeData={tree}
              loading={loading}
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              allowClear
              placeholder={t('apiKeys.field.scopesPlaceholder', 'Everything you may do')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="allowed_ips"
            label={labels.allowed_ips}
            extra={t('apiKeys.field.allowedIpsHelp', 'Addresses or networks such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32. Leave empty to allow any address.')}
            {...fieldErrorProps(errors.allowed_ips, labels.allowed_ips)}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} placeholder={t('apiKeys.field.allowedIpsPlaceholder', 'Any address')} />
          </Form.Item>
          <Form.Item name="expiry_days" label={labels.expires_at} {...fieldErrorProps(errors.expires_at, labels.expires_at)}>
            <Select options={EXPIRY_DAYS.map((days) => ({ value: days, label: expiryLabel(t, days) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {t('apiKeys.submit', 'Create key')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
