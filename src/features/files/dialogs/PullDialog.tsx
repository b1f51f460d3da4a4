import { Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from './ActionDialog';

/** Props of {@link PullDialog}. */
export interface PullDialogProps {
  directory: string;
  onSubmit: (url: string, filename: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Has the server download a file from a web address (http or https) into the folder on screen. */
export function PullDialog({ directory, onSubmit, onClose }: PullDialogProps) {
  const { t } = useTranslation();
  const urlId = useId();
  const nameId = useId();
  const [url, setUrl] = useState('');
  const [filename, setFilename] = useState('');
  const valid = isWebAddress(url.trim());
  return (
    <ActionDialog
      title={t('files.pull.title', 'Download a file from the web into {{directory}}', { directory })}
      okText={t('files.pull.ok', 'Download')}
      okDisabled={!valid}
      onSubmit={() => onSubmit(url.trim(), filename.trim() || undefined)}
      onClose={onClose}
    >
      <label htmlFor={urlId}>{t('files.pull.url', 'Web address (http or https)')}</label>
      <Input
        id={urlId}
        dir="ltr"
        autoFocus
        value={url}
        placeholder={t('files.pull.placeholder', 'https://example.com/file.jar')}
        onChange={(event) => setUrl(event.target.value)}
        status={url && !valid ? 'error' : undefined}
      />
      <label htmlFor={nameId}>{t('files.pull.filename', 'Save as (optional)')}</label>
      <Input id={nameId} dir="ltr" value={filename} onChange={(event) => setFilename(event.target.value)} />
    </ActionDialog>
  );
}
