import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateAccountPasswordMutation, type UpdateAccountPasswordApiArg } from '../../api/account';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from './formScope';
import { useSuccessNotice } from './useSuccessNotice';

type Values = UpdateAccountPasswordApiArg['body'];

/** Change the password; needs the current one. Every other session ends with it. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [update, { isLoading }] = useUpdateAccountPasswordMutation();
  const activate = useActivateForm('password');
  const notice = useSuccessNotice();
  const labels = {
    current_password: t('account.password.current', 'Current password'),
    password: t('account.password.new', 'New password'),
    password_confirmation: t('account.password.confirmation', 'Confirm new password'),
  };
  const errors = {
    current_password: useScopedFieldErrors('password', 'current_password'),
    password: useScopedFieldErrors('password', 'password'),
    password_confirmation: useScopedFieldErrors('password', 'password_confirmation'),
  };
  const required = { required: true, message: t('validation.required', 'This field is required') };

  const submit = async (values: Values) => {
    activate();
    try {
      await update({ body: values }).unwrap();
      form.resetFields();
      notice(t('account.password.saved', 'Your password was changed. Your other sessions have been logged out.'));
    } catch {
      // Shown by the listeners.
    }
  };

  const field = (name: keyof Values, autoComplete: string) => (
    <Form.Item name={name} label={labels[name]} rules={[required]} {...fieldErrorProps(errors[name], labels[name])}>
      <Input.Password autoComplete={autoComplete} />
    </Form.Item>
  );
  return (
    <Form<Values> form={form} name="account-password" layout="vertical" onFinish={submit}>
      {field('current_password', 'current-password')}
      {field('password', 'new-password')}
      {field('password_confirmation', 'new-password')}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('account.password.submit', 'Change password')}
      </Button>
    </Form>
  );
}
