import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { AccessFields } from './AccessFields';
import { accessBody, initialAccess, type AccessBody, type AccessValues } from './accessValues';
import type { PermissionGroup, Role, Subuser } from './sharingTypes';

interface Values extends AccessValues {
  email: string;
}

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  /** The person whose access is edited; null invites someone new. */
  subuser: Subuser | null;
  roles: readonly Role[];
  groups: readonly PermissionGroup[];
  grantable: readonly string[];
  saving: boolean;
  /** Sends the request; resolves true when the dialog may close. */
  onSubmit: (email: string, access: AccessBody) => Promise<boolean>;
  onClose: () => void;
}

/** Invites someone by email, or changes what a person may do: a role or chosen permissions. */
export function ShareDialog({ subuser, roles, groups, grantable, saving, onSubmit, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const emailLabel = t('sharing.invite.email', 'Email address');
  const emailErrors = useFieldErrors('email');
  // Taken once when the dialog opens (it is mounted only while open), so later renders keep what was typed.
  const [initial] = useState<Values>(() => ({ email: subuser?.email ?? '', ...initialAccess(subuser, roles) }));

  const submit = async (values: Values) => {
    if (await onSubmit((values.email ?? '').trim(), accessBody(values, roles))) onClose();
  };

  const title = subuser ? t('sharing.edit.title', 'Access of {{person}}', { person: subuser.username ?? subuser.email }) : t('sharing.invite.title', 'Invite someone');
  return (
    <Modal
      open
      title={title}
      width={920}
      okText={subuser ? t('sharing.edit.save', 'Save access') : t('sharing.invite.send', 'Send invitation')}
      cancelText={t('sharing.cancel', 'Cancel')}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'share-dialog' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> name="share-dialog" form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <ServerFieldErrors shownByItems={['email']} />
        {subuser ? null : (
          <Form.Item
            name="email"
            label={emailLabel}
            extra={t('sharing.invite.emailHelp', 'Someone without an account gets an email inviting them to sign up; until then the invitation is pending.')}
            rules={[{ required: true, type: 'email', message: t('sharing.invite.emailInvalid', 'Enter a valid email address.') }]}
            {...fieldErrorProps(emailErrors, emailLabel)}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
        <AccessFields roles={roles} groups={groups} grantable={grantable} />
      </Form>
    </Modal>
  );
}
