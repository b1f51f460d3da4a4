import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateServerDatabaseMutation } from '../../api/databases';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';

/** Props of {@link CreateDatabaseDialog}. */
export interface CreateDatabaseDialogProps {
  serverId: string;
  open: boolean;
  onClose: () => void;
  /** The new database's uuid and its password (null without database.view_password), shown once by the page. */
  onCreated: (uuid: string, password: string | null) => void;
}

interface Values {
  name: string;
  connections_from?: string;
}

/** The create dialog: a name (the panel adds the server's prefix) and where connections may come from. */
export function CreateDatabaseDialog({ serverId, open, onClose, onCreated }: CreateDatabaseDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateServerDatabaseMutation();
  const nameErrors = useFieldErrors('name');
  const fromErrors = useFieldErrors('connections_from');
  const nameLabel = t('databases.create.name', 'Name');
  const fromLabel = t('databases.create.connectionsFrom', 'Connections from');
  const submit = async (values: Values) => {
    const result = await create({ id: serverId, body: { name: values.name.trim(), connections_from: values.connections_from?.trim() || undefined } });
    if ('data' in result && result.data) {
      form.resetFields();
      onCreated(result.data.data.database.uuid, result.data.data.password);
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={t('databases.create.title', 'Create a database')}
      okText={t('databases.create.submit', 'Create database')}
      cancelText={t('databases.cancel', 'Cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ connections_from: '%' }} onFinish={(values) => void submit(values)}>
        <ServerFieldErrors shownByItems={['name', 'connections_from']} />
        <Form.Item
          name="name"
          label={nameLabel}
          rules={[{ required: true, message: t('validation.required', 'This field is required') }]}
          extra={
            <>
              {t('databases.create.nameHelp', 'Letters, digits and _. The panel puts the server’s prefix in front, e.g. s12_shop.')}
              <FieldErrors messages={nameErrors} label={nameLabel} />
            </>
          }
        >
          <Input maxLength={48} autoComplete="off" placeholder={t('databases.create.namePlaceholder', 'e.g. luckperms')} />
        </Form.Item>
        <Form.Item
          name="connections_from"
          label={fromLabel}
          extra={
            <>
              {t('databases.create.connectionsFromHelp', '% allows connections from anywhere; or an IP address, or a pattern such as 192.168.1.%.')}
              <FieldErrors messages={fromErrors} label={fromLabel} />
            </>
          }
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
