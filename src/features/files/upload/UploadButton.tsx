import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link UploadButton}. */
export interface UploadButtonProps {
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** Chooses files to upload with the system's file picker (several at once). */
export function UploadButton({ disabled, onFiles }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {t('files.toolbar.upload', 'Upload')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('files.toolbar.uploadInput', 'Files to upload')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again uploads it again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
