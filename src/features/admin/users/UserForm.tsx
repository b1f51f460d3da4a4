import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAdminUserMutation, useUpdateAdminUserMutation } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';
import type { AdminUserRow } from './adminUserTypes';

interface UserFormValues {
  username: string;
  email: string;
  name_first?: string;
  name_last?: string;
  password?: string;
  root_admin?: boolean;
}

/** Creates a user (username, email, names, an optional password) or edits one (email, names, admin flag). */
export function UserForm({ user, onDone }: { user?: AdminUserRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const [createUser, creating] = useCreateAdminUserMutation();
  const [updateUser, updating] = useUpdateAdminUserMutation();
  const submit = async ({ username, password, ...values }: UserFormValues) => {
    if (user) await updateUser({ user: user.uuid, body: { ...values, root_admin: values.root_admin ?? false } }).unwrap();
    else await createUser({ body: { username, ...values, ...(password ? { password } : {}) } }).unwrap();
    onDone();
  };
  return (
    <Form form={form} layout="vertical" initialValues={user} onFinish={(values) => void submit(values).catch(() => undefined)} style={{ maxWidth: 560 }}>
      {!user && (
        <AdminField name="username" label={t('admin.users.username', 'Username')} required>
          <Input autoComplete="off" />
        </AdminField>
      )}
      <AdminField name="email" label={t('admin.users.email', 'Email')} required>
        <Input type="email" autoComplete="off" />
      </AdminField>
      <AdminField name="name_first" label={t('admin.users.firstName', 'First name')}>
        <Input />
      </AdminField>
      <AdminField name="name_last" label={t('admin.users.lastName', 'Last name')}>
        <Input />
      </AdminField>
      {!user && (
        <AdminField name="password" label={t('admin.users.password', 'Password (empty: the user sets one through a reset mail)')}>
          <Input.Password autoComplete="new-password" />
        </AdminField>
      )}
      <Form.Item name="root_admin" valuePropName="checked">
        <Checkbox>{t('admin.users.rootAdmin', 'Administrator of the panel')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={creating.isLoading || updating.isLoading}>
        {user ? t('admin.action.save', 'Save') : t('admin.users.create', 'Create user')}
      </Button>
    </Form>
  );
}
