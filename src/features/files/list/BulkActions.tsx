import { DeleteOutlined, DownloadOutlined, DragOutlined, FileZipOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileAbilities } from '../fileAbilities';

/** The actions on the selected rows. */
export type BulkAction = 'move' | 'compress' | 'download' | 'delete';

/** Props of {@link BulkActions}. */
export interface BulkActionsProps {
  count: number;
  /** True when the selection holds only files (folders are downloaded after compressing them). */
  onlyFiles: boolean;
  can: FileAbilities;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

/** What can be done with the selected files and folders at once. */
export function BulkActions({ count, onlyFiles, can, onAction, onClear }: BulkActionsProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Flex gap={8} wrap align="center" role="toolbar" aria-label={t('files.bulk.label', 'Selected items')}>
      <Typography.Text strong>{t('files.bulk.count', '{{count}} selected', { count })}</Typography.Text>
      <Button size="small" icon={<DragOutlined />} disabled={!can.update} onClick={() => onAction('move')}>
        {t('files.bulk.move', 'Move')}
      </Button>
      <Button size="small" icon={<FileZipOutlined />} disabled={!can.archive} onClick={() => onAction('compress')}>
        {t('files.bulk.compress', 'Compress')}
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        disabled={!can.readContent || !onlyFiles}
        title={onlyFiles ? undefined : t('files.bulk.downloadFolders', 'Compress folders to download them')}
        onClick={() => onAction('download')}
      >
        {t('files.bulk.download', 'Download')}
      </Button>
      <Button size="small" danger icon={<DeleteOutlined />} disabled={!can.delete} onClick={() => onAction('delete')}>
        {t('files.bulk.delete', 'Delete')}
      </Button>
      <Button size="small" type="link" onClick={onClear}>
        {t('files.bulk.clear', 'Clear selection')}
      </Button>
    </Flex>
  );
}
