import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModpacksOverview } from '../../../api/modpacks';
import { PlainCard } from '../../../components/PlainCard';
import type { PendingInstall } from './modpackInstall';

/** Props of {@link InstalledModpackCard}. */
export interface InstalledModpackCardProps {
  installed: ModpacksOverview['installed'];
  update: ModpacksOverview['update'];
  /** Whether an install may start now (permission, supported software, no job running). */
  allowed: boolean;
  onInstall: (pending: PendingInstall) => void;
}

/** The installed modpack: name, version, Minecraft, loader, files and source, and the update on offer. */
export function InstalledModpackCard({ installed, update, allowed, onInstall }: InstalledModpackCardProps) {
  const { t } = useTranslation();
  return (
    <PlainCard size="small" title={t('modpacks.installed.title', 'Installed modpack')}>
      {installed ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('modpacks.installed.name', 'Modpack')}>{installed.name}</Descriptions.Item>
            <Descriptions.Item label={t('modpacks.installed.version', 'Version')}>{installed.version_number}</Descriptions.Item>
            <Descriptions.Item label={t('modpacks.installed.minecraft', 'Minecraft')}>{installed.minecraft}</Descriptions.Item>
            <Descriptions.Item label={t('modpacks.installed.loader', 'Loader')}>
              {installed.loader ? `${installed.loader} ${installed.loader_version ?? ''}`.trim() : t('modpacks.installed.vanilla', 'none (vanilla)')}
            </Descriptions.Item>
            <Descriptions.Item label={t('modpacks.installed.files', 'Files')}>{installed.files}</Descriptions.Item>
            <Descriptions.Item label={t('modpacks.installed.source', 'Source')}>{installed.source === 'modrinth' ? 'Modrinth' : t('modpacks.installed.fromFile', 'an .mrpack file')}</Descriptions.Item>
          </Descriptions>
          {update ? (
            <Alert
              type="info"
              showIcon
              title={t('modpacks.update.available', 'Version {{version}} is available.', { version: update.version_number })}
              action={
                <Button
                  size="small"
                  disabled={!allowed}
                  onClick={() =>
                    onInstall({
                      kind: 'modrinth',
                      projectId: installed.project_id ?? '',
                      versionId: update.version_id,
                      label: `${installed.name} ${update.version_number}`,
                    })
                  }
                >
                  {t('modpacks.update.install', 'Update')}
                </Button>
              }
            />
          ) : null}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('modpacks.installed.none', 'No modpack is installed on this server.')}</Typography.Text>
      )}
    </PlainCard>
  );
}
