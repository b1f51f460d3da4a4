import { Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveFormat } from '../../../api/files';
import { ActionDialog } from './ActionDialog';

/** Props of {@link CompressDialog}. */
export interface CompressDialogProps {
  names: readonly string[];
  onSubmit: (format: ArchiveFormat) => Promise<unknown>;
  onClose: () => void;
}

/** Packs the chosen files and folders into one archive (zip or tar.gz) in the same folder. */
export function CompressDialog({ names, onSubmit, onClose }: CompressDialogProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ArchiveFormat>('zip');
  return (
    <ActionDialog
      title={names.length === 1 ? t('files.compress.titleOne', 'Compress {{name}}', { name: names[0] }) : t('files.compress.titleMany', 'Compress {{count}} items', { count: names.length })}
      okText={t('files.compress.ok', 'Compress')}
      onSubmit={() => onSubmit(format)}
      onClose={onClose}
    >
      <Radio.Group
        aria-label={t('files.compress.format', 'Archive format')}
        value={format}
        onChange={(event) => setFormat(event.target.value as ArchiveFormat)}
        options={[
          { value: 'zip', label: t('files.compress.zip', 'ZIP (.zip)') },
          { value: 'tar.gz', label: t('files.compress.tarGz', 'Gzipped tar (.tar.gz)') },
        ]}
      />
    </ActionDialog>
  );
}
