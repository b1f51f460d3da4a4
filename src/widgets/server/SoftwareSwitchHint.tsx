import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetServerVersionsQuery } from '../../api/versions';

/** What the customer wants the server to take, and the software that brings it, in order of preference. */
const SOFTWARE_FOR = {
  plugins: ['paper', 'purpur'],
  mods: ['fabric', 'neoforge', 'forge'],
  modpacks: ['fabric', 'neoforge', 'forge'],
} as const;
type Want = keyof typeof SOFTWARE_FOR;

export interface SoftwareSwitchHintProps {
  serverId: string;
  /** What the page needs: one button each, to the software that brings it. */
  wants: Want[];
  /** The user's permissions on the server (the versions overview needs versions.read). */
  permissions: string[];
}

/**
 * Leads from a page the server's software cannot serve (plugins, mods, modpacks) to the switch
 * that makes it work: a button to the versions page with that software chosen. When the host
 * cannot run it (no Java) it says so in one sentence and offers nothing that would only fail.
 */
export function SoftwareSwitchHint({ serverId, wants, permissions }: SoftwareSwitchHintProps) {
  const { t } = useTranslation();
  const canRead = permissions.includes('versions.read');
  const overview = useGetServerVersionsQuery({ id: serverId }, { skip: !canRead });
  const versionsPage = `/server/${serverId}/minecraft/versions`;
  if (!canRead) return null;
  const software = overview.data?.data.software;
  if (!software) return null;
  const choices = wants.map((want) => ({
    want,
    entry: SOFTWARE_FOR[want].map((id) => software.find((s) => s.id === id && s.switchable)).find(Boolean),
  }));
  if (choices.some((c) => c.entry?.unavailable === 'java')) {
    return <Typography.Text type="secondary">{t('softwareSwitch.noJava', 'This host has no Java, so it cannot run the software that takes these.')}</Typography.Text>;
  }
  const labels: Record<Want, (name: string) => string> = {
    plugins: (name) =>
      t('softwareSwitch.forPlugins', 'Switch to {{name}} for plugins', {
        name,
      }),
    mods: (name) => t('softwareSwitch.forMods', 'Switch to {{name}} for mods', { name }),
    modpacks: (name) =>
      t('softwareSwitch.forModpacks', 'Switch to {{name}} for modpacks', {
        name,
      }),
  };
  return (
    <Space wrap>
      {choices.map(({ want, entry }) =>
        entry ? (
          <Link key={want} to={`${versionsPage}?software=${encodeURIComponent(entry.id)}`}>
            <Button type="primary">{labels[want](entry.name)}</Button>
          </Link>
        ) : null,
      )}
    </Space>
  );
}
