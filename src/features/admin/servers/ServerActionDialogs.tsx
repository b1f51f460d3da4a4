import { Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeAdminServerPlanMutation, useDeleteAdminServerMutation, useListAdminPlansQuery, useSuspendAdminServerMutation } from '../../../api/generated/admin.gen';
import type { AdminServer } from './adminServerTypes';

/** Which dialog is open for which server. */
export type ServerDialog = { kind: 'suspend' | 'delete' | 'plan'; server: AdminServer } | null;

/** The dialogs behind the servers table's actions: suspend with a reason, change plan, delete with the name typed. */
export function ServerActionDialogs({ dialog, onClose }: { dialog: ServerDialog; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [suspend, suspending] = useSuspendAdminServerMutation();
  const [remove, removing] = useDeleteAdminServerMutation();
  const [changePlan, changing] = useChangeAdminServerPlanMutation();
  const plans = useListAdminPlansQuery(undefined, { skip: dialog?.kind !== 'plan' }).data?.data ?? [];
  const close = () => {
    setText('');
    onClose();
  };
  const run = (action: Promise<unknown>) => void action.then(close, () => undefined);
  if (!dialog) return null;
  const { server } = dialog;
  if (dialog.kind === 'suspend') {
    return (
      <Modal
        open
        title={t('admin.servers.suspendTitle', 'Suspend {{name}}', { name: server.name })}
        onCancel={close}
        confirmLoading={suspending.isLoading}
        onOk={() => run(suspend({ server: server.identifier, body: { reason: text } }).unwrap())}
      >
        <label>
          {t('admin.servers.reason', 'Reason the customer sees')}
          <Input.TextArea value={text} maxLength={500} onChange={(event) => setText(event.target.value)} />
        </label>
      </Modal>
    );
  }
  if (dialog.kind === 'plan') {
    return (
      <Modal
        open
        title={t('admin.servers.changePlan', 'Change plan')}
        onCancel={close}
        confirmLoading={changing.isLoading}
        okButtonProps={{ disabled: !text }}
        onOk={() => run(changePlan({ server: server.identifier, body: { plan: text } }).unwrap())}
      >
        <Select
          style={{ width: '100%' }}
          aria-label={t('admin.servers.plan', 'Plan')}
          value={text || server.plan}
          onChange={setText}
          options={plans.filter((plan) => plan.game === server.game).map((plan) => ({ value: plan.slug, label: plan.name }))}
        />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('admin.servers.deleteTitle', 'Delete {{name}}', { name: server.name })}
      onCancel={close}
      confirmLoading={removing.isLoading}
      okButtonProps={{ danger: true, disabled: text !== server.name }}
      okText={t('admin.action.delete', 'Delete')}
      onOk={() => run(remove({ server: server.identifier }).unwrap())}
    >
      <p>{t('admin.servers.deleteWarning', 'The server, its files, backups and databases are removed for good.')}</p>
      <label>
        {t('admin.servers.typeName', 'Type the server’s name to confirm')}
        <Input value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      </label>
    </Modal>
  );
}
