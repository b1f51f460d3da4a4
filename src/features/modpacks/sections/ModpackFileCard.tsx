import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCard } from '../../../components/PlainCard';
import type { PendingInstall } from './modpackInstall';

/** An example path (a path, not words to translate). */
const EXAMPLE_PATH = '/modpacks/pack.mrpack';

/** Installing an .mrpack that is already among the server's files, by its path. */
export function ModpackFileCard({ allowed, onInstall }: { allowed: boolean; onInstall: (pending: PendingInstall) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState('');
  return (
    <PlainCard size="small" title={t('modpacks.file.title', 'Install an .mrpack from the server’s files')}>
      <Space wrap style={{ width: '100%' }}>
        <Input
          aria-label={t('modpacks.file.path', 'Path of the .mrpack file')}
          placeholder={EXAMPLE_PATH}
          value={file}
          onChange={(e) => setFile(e.target.value)}
          style={{ minWidth: 240, maxWidth: 420 }}
        />
        <Button disabled={!allowed || !file.trim()} onClick={() => onInstall({ kind: 'file', file: file.trim(), label: file.trim() })}>
          {t('modpacks.install', 'Install')}
        </Button>
      </Space>
    </PlainCard>
  );
}
