import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAccountSshKeyMutation } from '../../../api/sshKeys';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useActivateForm, useScopedFieldErrors } from '../formScope';
import { useSuccessNotice } from '../useSuccessNotice';

interface Values {
  name: string;
  public_key: string;
}

/** Adds an SSH public key (the .pub file's line) to the account. */
export function SshKeyForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateAccountSshKeyMutation();
  const activate = useActivateForm('ssh-key');
  const notice = useSuccessNotice();
  const labels = { name: t('sftp.keys.name', 'Name'), public_key: t('sftp.keys.publicKey', 'Public key') };
  const errors = { name: useScopedFieldErrors('ssh-key', 'name'), public_key: useScopedFieldErrors('ssh-key', 'public_key') };
  const required = { required: true, whitespace: true, message: t('validation.required', 'This field is required') };

  const submit = async (values: Values) => {
    activate();
    try {
      await create({ body: values }).unwrap();
      form.resetFields();
      notice(t('sftp.keys.added', 'The key was added. It signs in to SFTP now.'));
    } catch {
      // Shown by the listeners.
    }
  };

  return (
    <Form<Values> form={form} name="account-ssh-key" layout="vertical" onFinish={submit}>
      <Form.Item name="name" label={labels.name} rules={[required]} {...fieldErrorProps(errors.name, labels.name)}>
        <Input maxLength={191} placeholder={t('sftp.keys.namePlaceholder', 'e.g. Work laptop')} />
      </Form.Item>
      <Form.Item
        name="public_key"
        label={labels.public_key}
        rules={[required]}
        extra={t('sftp.keys.publicKeyHelp', 'The line of your .pub file (ssh-ed25519, ecdsa-sha2-… or ssh-rsa of 2048 bits or more). Never paste the private key.')}
        {...fieldErrorProps(errors.public_key, labels.public_key)}
      >
        <Input.TextArea rows={3} spellCheck={false} style={{ fontFamily: 'monospace' }} dir="ltr" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('sftp.keys.add', 'Add key')}
      </Button>
    </Form>
  );
}
