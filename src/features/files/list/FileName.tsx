import { FileOutlined, FileZipOutlined, FolderFilled, LinkOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isArchiveName } from '../filePaths';
import type { FileRow } from './fileRow';

/** Props of {@link FileName}. */
export interface FileNameProps {
  row: FileRow;
  /** Show the full path (search results) instead of the name. */
  showPath?: boolean;
  onOpen: (row: FileRow) => void;
}

/** A row's icon and name; the name is a button that opens the folder or the file. */
export function FileName({ row, showPath, onOpen }: FileNameProps) {
  const { t } = useTranslation();
  const icon = row.is_directory ? (
    <FolderFilled style={{ color: 'var(--panel-primary)' }} aria-label={t('files.kind.folder', 'Folder')} />
  ) : row.is_symlink ? (
    <LinkOutlined aria-label={t('files.kind.symlink', 'Link')} />
  ) : isArchiveName(row.name) ? (
    <FileZipOutlined aria-label={t('files.kind.archive', 'Archive')} />
  ) : (
    <FileOutlined aria-label={t('files.kind.file', 'File')} />
  );
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
      {icon}
      <Typography.Link onClick={() => onOpen(row)} ellipsis style={{ minWidth: 0 }} data-file-name={row.name}>
        {showPath ? row.path : row.name}
      </Typography.Link>
    </span>
  );
}
