import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/server/formatBytes';
import { StatusResult } from '../../../components/StatusResult';

/** Files up to this size open in the editor; larger ones are offered as a download. */
export const EDITOR_LIMIT_BYTES = 4 * 1024 * 1024;

/** Props of {@link TooLargeNotice}. */
export interface TooLargeNoticeProps {
  name: string;
  /** The file's size when known. */
  size?: number;
  canDownload: boolean;
  onDownload: () => void;
  onBack: () => void;
}

/** Says that a file is too large to edit in the browser and offers to download it instead. */
export function TooLargeNotice({ name, size, canDownload, onDownload, onBack }: TooLargeNoticeProps) {
  const { t, i18n } = useTranslation();
  const limit = formatBytes(t, EDITOR_LIMIT_BYTES, i18n.language);
  return (
    <StatusResult
      status="info"
      title={t('files.editor.tooLargeTitle', '{{name}} is too large to edit here', { name })}
      subTitle={
        size === undefined
          ? t('files.editor.tooLargeText', 'Files over {{limit}} open as a download instead.', { limit })
          : t('files.editor.tooLargeSized', 'It has {{size}}; files over {{limit}} open as a download instead.', { size: formatBytes(t, size, i18n.language), limit })
      }
      extra={[
        <Button key="download" type="primary" icon={<DownloadOutlined />} disabled={!canDownload} onClick={onDownload}>
          {t('files.editor.download', 'Download')}
        </Button>,
        <Button key="back" onClick={onBack}>
          {t('files.editor.back', 'Back to the folder')}
        </Button>,
      ]}
    />
  );
}
