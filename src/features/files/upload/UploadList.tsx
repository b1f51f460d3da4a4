import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { PlainCard } from '../../../components/PlainCard';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/server/formatBytes';
import { isActive, type UploadItem } from './uploadItems';

/** Props of {@link UploadList}. */
export interface UploadListProps {
  items: readonly UploadItem[];
  onCancel: (id: string) => void;
  onClear: () => void;
}

/** The files being uploaded (and empty folders), each with its progress, its outcome and a button to cancel it. */
export function UploadList({ items, onCancel, onClear }: UploadListProps) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  const label = (item: UploadItem) => (item.kind === 'folders' ? t('files.upload.emptyFolders', 'Empty folders: {{paths}}', { paths: item.name }) : item.name);
  const statusText = (item: UploadItem) => {
    switch (item.status) {
      case 'queued':
        return t('files.upload.queued', 'Waiting');
      case 'uploading':
        return item.kind === 'folders'
          ? t('files.upload.creatingFolders', 'Creating')
          : t('files.upload.progress', '{{loaded}} of {{size}}', { loaded: formatBytes(t, item.loaded, i18n.language), size: formatBytes(t, item.size, i18n.language) });
      case 'done':
        return item.kind === 'folders' ? t('files.upload.createdFolders', 'Created') : t('files.upload.done', 'Uploaded');
      case 'cancelled':
        return t('files.upload.cancelled', 'Cancelled');
      case 'failed':
        return item.error ?? t('files.upload.failed', 'Failed');
    }
  };
  const done = items.some((item) => !isActive(item));
  return (
    <PlainCard
      size="small"
      title={t('files.upload.title', 'Uploads')}
      extra={
        done ? (
          <Button size="small" onClick={onClear}>
            {t('files.upload.clear', 'Clear finished')}
          </Button>
        ) : null
      }
    >
      <ul aria-label={t('files.upload.title', 'Uploads')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {items.map((item) => (
          <li key={item.id} aria-label={label(item)}>
            <Flex align="center" gap={12}>
              <Typography.Text ellipsis={{ tooltip: item.kind === 'folders' }} style={{ flex: '0 1 240px' }}>
                {label(item)}
              </Typography.Text>
              <Progress
                style={{ flex: 1, margin: 0 }}
                percent={item.size > 0 ? Math.floor((item.loaded / item.size) * 100) : item.status === 'done' ? 100 : 0}
                status={item.status === 'failed' ? 'exception' : item.status === 'done' ? 'success' : item.status === 'cancelled' ? 'normal' : 'active'}
                size="small"
              />
              <Typography.Text type={item.status === 'failed' ? 'danger' : 'secondary'} style={{ flex: '0 1 260px' }}>
                {statusText(item)}
              </Typography.Text>
              {isActive(item) ? (
                <Button size="small" icon={<CloseOutlined />} aria-label={t('files.upload.cancel', 'Cancel the upload of {{name}}', { name: label(item) })} onClick={() => onCancel(item.id)} />
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
    </PlainCard>
  );
}
