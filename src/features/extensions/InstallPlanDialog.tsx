import { Button, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingInstall } from './extensionTypes';

/** Props of {@link InstallPlanDialog}. */
export interface InstallPlanDialogProps {
  /** The install asked about; null closes the dialog. */
  pending: PendingInstall | null;
  onCancel: () => void;
  /** Installs the extension, with its dependencies or alone. */
  onConfirm: (withDependencies: boolean) => void;
}

/**
 * Asks before an install that brings dependencies: lists them, and installs with them or the
 * extension alone. Its own module, loaded the first time an install needs it (most visits never do).
 */
export function InstallPlanDialog({ pending, onCancel, onConfirm }: InstallPlanDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={pending !== null}
      title={pending ? t('extensions.planTitle', 'Install {{name}}?', { name: pending.hit.name }) : ''}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('extensions.cancel', 'Cancel')}
        </Button>,
        <Button key="only" onClick={() => onConfirm(false)}>
          {t('extensions.installOnly', 'Only {{name}}', { name: pending?.hit.name ?? '' })}
        </Button>,
        <Button key="all" type="primary" onClick={() => onConfirm(true)}>
          {t('extensions.installAll', 'Install with its dependencies')}
        </Button>,
      ]}
    >
      {pending ? (
        <>
          <Typography.Paragraph>{t('extensions.planText', '{{name}} needs these to work; they will be installed too:', { name: pending.hit.name })}</Typography.Paragraph>
          <List
            size="small"
            dataSource={pending.plan.releases.slice(1)}
            renderItem={(r) => (
              <List.Item key={`${r.provider}:${r.project_id}`}>
                {r.name} {r.version_number}
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Modal>
  );
}
