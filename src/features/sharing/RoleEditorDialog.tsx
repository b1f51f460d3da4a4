import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { PermissionPicker } from './PermissionPicker';
import type { PermissionGroup } from './sharingTypes';

/** What the role editor submits. */
export interface RoleValues {
  name: string;
  description: string;
  permissions: string[];
}

/** Props of {@link RoleEditorDialog}. */
export interface RoleEditorDialogProps {
  /** The dialog's title ("New role", "Edit role"). */
  title: string;
  /** The values to start from (a copied or edited role). */
  initial: RoleValues;
  groups: readonly PermissionGroup[];
  grantable: readonly string[];
  saving: boolean;
  /** Saves; resolves true when the dialog may close. */
  onSubmit: (values: RoleValues) => Promise<boolean>;
  onClose: () => void;
}

/** Creates or edits a custom role: its name, an optional description and its permission keys. Mounted only while open. */
export function RoleEditorDialog({ title, initial, groups, grantable, saving, onSubmit, onClose }: RoleEditorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues>();
  const nameLabel = t('sharing.roles.form.name', 'Name');
  const descriptionLabel = t('sharing.roles.form.description', 'Description');
  const permissionsLabel = t('sharing.roles.form.permissions', 'Permissions');
  const nameErrors = useFieldErrors('name');
  const permissionErrors = useFieldErrors('permissions');

  const submit = async (values: RoleValues) => {
    if (await onSubmit({ ...values, name: values.name.trim(), description: (values.description ?? '').trim() })) onClose();
  };

  return (
    <Modal
      open
      title={title}
      width={920}
      okText={t('sharing.roles.form.save', 'Save role')}
      cancelText={t('sharing.cancel', 'Cancel')}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'role-editor' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RoleValues> name="role-editor" form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <ServerFieldErrors shownByItems={['name', 'permissions']} />
        <Form.Item
          name="name"
          label={nameLabel}
          rules={[{ required: true, whitespace: true, message: t('sharing.roles.form.nameRequired', 'Give the role a name.') }]}
          {...fieldErrorProps(nameErrors, nameLabel)}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={descriptionLabel}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={permissionsLabel}
          rules={[{ required: true, type: 'array', min: 1, message: t('sharing.roles.form.permissionsRequired', 'Choose at least one permission.') }]}
          {...fieldErrorProps(permissionErrors, permissionsLabel)}
        >
          <PermissionPicker groups={groups} grantable={grantable} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
