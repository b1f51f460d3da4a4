import { Alert, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileErrorMessage } from '../fileErrorMessage';

/** Props of {@link ActionDialog}. */
export interface ActionDialogProps {
  title: string;
  okText: string;
  /** Red confirm button, for actions that destroy. */
  danger?: boolean;
  okDisabled?: boolean;
  /** Runs the action; a rejection (the API's error) keeps the dialog open with a clear message. */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every file dialog: its content, a confirm button that shows progress while the
 * action runs, and the reason when the action fails (the dialog then stays open to try again).
 */
export function ActionDialog({ title, okText, danger, okDisabled, onSubmit, onClose, children }: ActionDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (failure) {
      setError(fileErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('files.dialog.cancel', 'Cancel')}
      okButtonProps={{ danger, disabled: okDisabled, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !busy }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!okDisabled && !busy) void submit();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {children}
        {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
        {/* Enter in a field submits, as in any form. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
