import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAccountEmailMutation } from '../../api/account';
import type { User } from '../../api/auth';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { useSuccessNotice } from './useSuccessNotice';

interface Values {
  email: string;
  password: string;
}

/** Change the email address; needs the current password. */
export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateAccountEmailMutation();
  const activate = useActivateForm('email');
  const notice = useSuccessNotice();
  const emailErrors = useScopedFieldErrors('email', 'email');
  const passwordErrors = useScopedFieldErrors('email', 'password');
  const emailLabel = t('account.email.email', 'Email');
  const passwordLabel = t('account.email.password', 'Current password');
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async (values: Values) => {
    activate();
    try {
      await update({ body: values }).unwrap();
      form.setFieldValue('password', '');
      notice(t('account.email.saved', 'Your email address was changed.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <Form<Values> form={form} name="account-email" layout="vertical" onFinish={submit} initialValues={{ email: user.email, password: '' }}>
      <Form.Item name="email" label={emailLabel} rules={[required]} {...fieldErrorProps(emailErrors, emailLabel)}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" label={passwordLabel} rules={[required]} {...fieldErrorProps(passwordErrors, passwordLabel)}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('account.email.submit', 'Change email')}
      </Button>
    </Form>
  );
}
