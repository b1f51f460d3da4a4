import { CloudDownloadOutlined, FileAddOutlined, FolderAddOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileAbilities } from '../fileAbilities';
import { UploadButton } from '../upload/UploadButton';
import { FilesSearch } from './FilesSearch';
import type { UploadSource } from '../upload/uploadSources';

/** Props of {@link FilesToolbar}. */
export interface FilesToolbarProps {
  can: FileAbilities;
  /** The search on screen ('' = the folder's listing). */
  search: string;
  onSearch: (pattern: string) => void;
  onNewFile: () => void;
  onNewFolder: () => void;
  onPull: () => void;
  onUpload: (sources: UploadSource[]) => void;
}

/** Creating, uploading and pulling files into the folder on screen, and searching it by name. */
export function FilesToolbar({ can, search, onSearch, onNewFile, onNewFolder, onPull, onUpload }: FilesToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center">
      <Button icon={<FileAddOutlined />} disabled={!can.create} onClick={onNewFile}>
        {t('files.toolbar.newFile', 'New file')}
      </Button>
      <Button icon={<FolderAddOutlined />} disabled={!can.create} onClick={onNewFolder}>
        {t('files.toolbar.newFolder', 'New folder')}
      </Button>
      <UploadButton disabled={!can.create} onFiles={onUpload} />
      <Button icon={<CloudDownloadOutlined />} disabled={!can.create} onClick={onPull}>
        {t('files.toolbar.pull', 'Download from URL')}
      </Button>
      {/* A new search from elsewhere (the address) starts the field afresh. */}
      <FilesSearch key={search} search={search} onSearch={onSearch} />
    </Flex>
  );
}
