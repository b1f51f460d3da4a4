import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sourcesOfFiles, type UploadSource } from './uploadSources';

/** Props of {@link UploadButton}. */
export interface UploadButtonProps {
  disabled?: boolean;
  onFiles: (sources: UploadSource[]) => void;
}

// Not in React's types: the attributes that turn a file input into a folder picker. It lists the
// folder's files only; browsers hide its empty folders from the page, so only a drop keeps them.
const folderPicker = { webkitdirectory: '', directory: '' } as Record<string, string>;

/**
 * Chooses what to upload with the system's picker: several files at once, or a whole folder
 * whose files keep their subfolders (the folder itself is created in the folder on screen).
 * Empty folders of a picked folder are not uploaded: the browser does not list them.
 */
export function UploadButton({ disabled, onFiles }: UploadButtonProps) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const sources = sourcesOfFiles(event.target.files ?? []);
    // Cleared so that choosing the same files again uploads them again.
    event.target.value = '';
    if (sources.length > 0) onFiles(sources);
  };
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => filesInput.current?.click()}>
        {t('files.toolbar.upload', 'Upload')}
      </Button>
      <Button
        icon={<FolderOpenOutlined />}
        disabled={disabled}
        title={t('files.toolbar.uploadFolderHint', 'Empty folders inside are kept only when the folder is dropped on the list')}
        onClick={() => folderInput.current?.click()}
      >
        {t('files.toolbar.uploadFolder', 'Upload folder')}
      </Button>
      <input ref={filesInput} type="file" multiple hidden aria-label={t('files.toolbar.uploadInput', 'Files to upload')} onChange={chosen} />
      <input ref={folderInput} type="file" multiple hidden {...folderPicker} aria-label={t('files.toolbar.uploadFolderInput', 'Folder to upload')} onChange={chosen} />
    </>
  );
}
