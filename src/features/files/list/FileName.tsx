import { FileOutlined, FileZipOutlined, FolderFilled, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { isArchiveName } from '../filePaths';
import type { FileRow } from './fileRow';

/** Props of {@link FileName}. */
export interface FileNameProps {
  row: FileRow;
  /** Show the full path (search results) instead of the name. */
  showPath?: boolean;
  onOpen: (row: FileRow) => void;
}

/**
 * A row's icon and name; the name is a real button (reached with Tab, opened with Enter or Space)
 * that opens the folder or the file. Names and paths read left to right in every language.
 */
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
      <button type="button" className="panel-link-button" onClick={() => onOpen(row)} title={showPath ? row.path : row.name} data-file-name={row.name}>
        <Ltr>{showPath ? row.path : row.name}</Ltr>
      </button>
    </span>
  );
}
