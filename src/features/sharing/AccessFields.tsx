import { Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionPicker } from './PermissionPicker';
import { roleChoiceValue, type AccessValues } from './accessValues';
import type { PermissionGroup, Role } from './sharingTypes';

/** Props of {@link AccessFields}. */
export interface AccessFieldsProps {
  roles: readonly Role[];
  groups: readonly PermissionGroup[];
  /** Keys the caller holds (the only ones they may grant). */
  grantable: readonly string[];
}

/**
 * What a person may do on the server, inside a form of {@link AccessValues}: either a role (built-in
 * or custom) or an explicit set of permission keys. Roles holding keys the caller lacks cannot be given.
 */
export function AccessFields({ roles, groups, grantable }: AccessFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<AccessValues>();
  const mode = Form.useWatch('mode', form);
  const roleLabel = t('sharing.access.role', 'Role');
  return (
    <>
      <Form.Item name="mode" label={t('sharing.access.kind', 'Access')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'role', label: t('sharing.access.byRole', 'A role'), disabled: roles.length === 0 },
            { value: 'permissions', label: t('sharing.access.byPermissions', 'Chosen permissions') },
          ]}
        />
      </Form.Item>
      {mode === 'role' ? (
        <Form.Item name="role" label={roleLabel} htmlFor="access-role" rules={[{ required: true, message: t('sharing.access.roleRequired', 'Choose a role.') }]}>
          <Select
            id="access-role"
            options={roles.map((role) => ({
              value: roleChoiceValue(role),
              label: role.built_in ? t('sharing.access.builtInRole', '{{name}} (built-in)', { name: role.name }) : role.name,
              // Nobody hands out a key they do not hold, not even through a role.
              disabled: !role.permissions.every((key) => grantable.includes(key)),
            }))}
            optionRender={(option) => {
              const role = roles.find((candidate) => roleChoiceValue(candidate) === option.value);
              return (
                <div>
                  <div>{option.label}</div>
                  {role?.description ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                      {role.description}
                    </Typography.Text>
                  ) : null}
                </div>
              );
            }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="permissions"
          label={t('sharing.access.permissions', 'Permissions')}
          rules={[{ required: true, type: 'array', min: 1, message: t('sharing.access.permissionsRequired', 'Choose at least one permission.') }]}
        >
          <PermissionPicker groups={groups} grantable={grantable} />
        </Form.Item>
      )}
    </>
  );
}
