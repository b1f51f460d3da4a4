import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link PowerConfirmDialog}. */
export interface PowerConfirmDialogProps {
  signal: 'restart' | 'kill';
  onConfirm: (signal: 'restart' | 'kill') => void;
  onCancel: () => void;
}

/**
 * The question asked before a restart (when the user wants it) or a kill, on the console and after
 * saving the configuration. Its own module, loaded when first asked: pages open without the
 * dialog's code, which most visits never need.
 */
export function PowerConfirmDialog({ signal, onConfirm, onCancel }: PowerConfirmDialogProps) {
  const { t } = useTranslation();
  const kill = signal === 'kill';
  return (
    <Modal
      open
      title={kill ? t('console.power.confirmKillTitle', 'Kill the server?') : t('console.power.confirmRestartTitle', 'Restart the server?')}
      okText={kill ? t('console.power.confirmKillOk', 'Kill') : t('console.power.confirmRestartOk', 'Restart')}
      okButtonProps={kill ? { danger: true } : undefined}
      cancelText={t('console.power.cancel', 'Cancel')}
      onOk={() => onConfirm(signal)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {kill
        ? t('console.power.confirmKillText', 'The server has not finished stopping. Killing ends its process at once: anything not saved yet is lost.')
        : t('console.power.confirmRestartText', 'Players online are disconnected while the server restarts.')}
    </Modal>
  );
}
