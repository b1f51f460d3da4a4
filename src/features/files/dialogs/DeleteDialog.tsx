import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { ActionDialog } from './ActionDialog';

/** Props of {@link DeleteDialog}. */
export interface DeleteDialogProps {
  names: readonly string[];
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting: names what goes (the first ten) and says it cannot be undone. */
export function DeleteDialog({ names, onSubmit, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const shown = names.slice(0, 10);
  return (
    <ActionDialog
      title={names.length === 1 ? t('files.delete.titleOne', 'Delete {{name}}?', { name: names[0] }) : t('files.delete.titleMany', 'Delete {{count}} items?', { count: names.length })}
      okText={t('files.delete.ok', 'Delete')}
      danger
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Typography.Paragraph style={{ margin: 0 }}>{t('files.delete.warning', 'Deleted files and folders (with everything in them) cannot be restored.')}</Typography.Paragraph>
      <ul style={{ margin: 0 }}>
        {shown.map((name) => (
          <li key={name}>
            <Ltr>{name}</Ltr>
          </li>
        ))}
        {names.length > shown.length ? <li>{t('files.delete.more', 'and {{count}} more', { count: names.length - shown.length })}</li> : null}
      </ul>
    </ActionDialog>
  );
}
