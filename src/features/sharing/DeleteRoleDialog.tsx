import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '../../components/PlainSelect';
import type { Role } from './sharingTypes';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useAppDispatch } from '../../app/hooks';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { validationFieldEdited } from '../../core/validation/validationSlice';

/** Props of {@link DeleteRoleDialog}. */
export interface DeleteRoleDialogProps {
  /** The role to delete; null keeps the dialog closed. */
  role: Role | null;
  /** Every role of the server (those with a uuid other than `role` can take its people). */
  roles: readonly Role[];
  deleting: boolean;
  /** Deletes, moving the role's people to `reassignTo` when given; resolves true when done. */
  onConfirm: (role: Role, reassignTo: string | undefined) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Confirms the deletion of a custom role. A role in use cannot just vanish: the dialog asks which
 * role its people move to, and offers nothing to confirm until one is chosen.
 */
export function DeleteRoleDialog({ role, roles, deleting, onConfirm, onClose }: DeleteRoleDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>();
  const dispatch = useAppDispatch();
  const reassignLabel = t('sharing.roles.delete.reassignTo', 'Move its people to');
  const reassignErrors = useFieldErrors('reassign_to');
  const inUse = (role?.members ?? 0) > 0;
  const targets = roles.filter((candidate) => candidate.uuid && candidate.uuid !== role?.uuid);
  const close = () => {
    setTarget(undefined);
    onClose();
  };
  const confirm = async () => {
    if (role && (await onConfirm(role, inUse ? target : undefined))) close();
  };

  return (
    <Modal
      open={role !== null}
      title={t('sharing.roles.delete.title', 'Delete the role {{name}}?', { name: role?.name ?? '' })}
      okText={t('sharing.roles.delete.confirm', 'Delete role')}
      okButtonProps={{ danger: true, loading: deleting, disabled: inUse && !target }}
      cancelText={t('sharing.cancel', 'Cancel')}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      {!inUse ? (
        <Typography.Paragraph>{t('sharing.roles.delete.unused', 'Nobody has this role. Deleting it cannot be undone.')}</Typography.Paragraph>
      ) : targets.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t(
            'sharing.roles.delete.noTarget',
            '{{count}} people have this role and there is no other custom role to move them to. Create one first, or give them other access on the Sharing page.',
            { count: role?.members ?? 0 },
          )}
        />
      ) : (
        <Form layout="vertical" component="div">
          <Typography.Paragraph>{t('sharing.roles.delete.inUse', '{{count}} people have this role. Choose the role they get instead.', { count: role?.members ?? 0 })}</Typography.Paragraph>
          <Form.Item label={reassignLabel} htmlFor="reassign-role" required {...fieldErrorProps(reassignErrors, reassignLabel)}>
            <PlainSelect
              id="reassign-role"
              value={target}
              onChange={(value) => {
                // The server's message was about the role chosen before.
                dispatch(validationFieldEdited('reassign_to'));
                setTarget(value);
              }}
              options={targets.map((candidate) => ({ value: candidate.uuid!, label: candidate.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
