import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link ModpackInstallDialog}. */
export interface ModpackInstallDialogProps {
  /** The modpack asked about (its name), or null when closed. */
  label: string | null;
  keepWorld: boolean;
  onKeepWorld: (keep: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before a modpack install: what happens, and whether the world stays. */
export function ModpackInstallDialog({ label, keepWorld, onKeepWorld, onConfirm, onCancel }: ModpackInstallDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={label !== null}
      title={t('modpacks.confirm.title', 'Install {{name}}?', { name: label ?? '' })}
      okText={t('modpacks.install', 'Install')}
      cancelText={t('modpacks.confirm.cancel', 'Cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <Space direction="vertical">
        <Typography.Paragraph>
          {t(
            'modpacks.confirm.text',
            'The server stops and a backup is made first. The modpack’s loader, Minecraft version and files are installed; if anything fails, everything is put back as it was.',
          )}
        </Typography.Paragraph>
        <Radio.Group value={keepWorld} onChange={(e) => onKeepWorld(e.target.value as boolean)} aria-label={t('modpacks.confirm.world', 'The world')}>
          <Space direction="vertical">
            <Radio value={true}>{t('modpacks.confirm.keep', 'Keep the world')}</Radio>
            <Radio value={false}>{t('modpacks.confirm.reset', 'Start a new world (the old one stays in the backup)')}</Radio>
          </Space>
        </Radio.Group>
      </Space>
    </Modal>
  );
}
