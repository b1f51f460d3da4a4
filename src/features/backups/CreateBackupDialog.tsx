import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateServerBackupMutation } from '../../api/backups';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';

/** Props of {@link CreateBackupDialog}. */
export interface CreateBackupDialogProps {
  serverId: string;
  open: boolean;
  canLock: boolean;
  onClose: () => void;
}

interface Values {
  name?: string;
  ignored?: string;
  locked?: boolean;
}

/** The create dialog: a name, gitignore-style patterns of files to leave out, and locked or not. */
export function CreateBackupDialog({ serverId, open, canLock, onClose }: CreateBackupDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateServerBackupMutation();
  const nameErrors = useFieldErrors('name');
  const ignoredErrors = useFieldErrors('ignored');
  const submit = async (values: Values) => {
    const result = await create({ id: serverId, body: { name: values.name || undefined, ignored: values.ignored || undefined, locked: values.locked || undefined } });
    if (!('error' in result)) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={t('backups.create.title', 'Create a backup')}
      okText={t('backups.create.submit', 'Create backup')}
      cancelText={t('backups.cancel', 'Cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <ServerFieldErrors shownByItems={['name', 'ignored']} />
        <Form.Item name="name" label={t('backups.create.name', 'Name')} extra={<FieldErrors messages={nameErrors} label={t('backups.create.name', 'Name')} />}>
          <Input maxLength={191} placeholder={t('backups.create.namePlaceholder', 'e.g. Before the update')} />
        </Form.Item>
        <Form.Item
          name="ignored"
          label={t('backups.create.ignored', 'Files to leave out')}
          extra={
            <>
              {t('backups.create.ignoredHelp', 'One pattern a line, as in .gitignore: logs/ leaves out the logs folder, *.jar every jar file.')}
              <FieldErrors messages={ignoredErrors} label={t('backups.create.ignored', 'Files to leave out')} />
            </>
          }
        >
          <Input.TextArea rows={4} placeholder={t('backups.create.ignoredPlaceholder', 'logs/')} />
        </Form.Item>
        {canLock && (
          <Form.Item name="locked" valuePropName="checked">
            <Checkbox>{t('backups.create.locked', 'Lock it (a locked backup is never deleted or rotated away)')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
