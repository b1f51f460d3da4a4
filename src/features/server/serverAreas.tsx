import {
  ApiOutlined,
  AppstoreAddOutlined,
  AuditOutlined,
  BellOutlined,
  BranchesOutlined,
  CloudServerOutlined,
  CodeOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FolderOutlined,
  GiftOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  SaveOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { serverAreaPaths, type ServerAreaGroup, type ServerAreaPath } from './serverAreaPaths';

export type { ServerAreaGroup } from './serverAreaPaths';

/** One area of a server's pages: its path under /server/{id}/, icon and texts. */
export interface ServerArea extends ServerAreaPath {
  icon: ReactNode;
  title: (t: TFunction) => string;
  description: (t: TFunction) => string;
}

type Decoration = Pick<ServerArea, 'icon' | 'title' | 'description'>;

const decorations: Record<string, Decoration> = {
  overview: {
    icon: <DashboardOutlined />,
    title: (t) => t('server.areas.overview.title', 'Overview'),
    description: (t) => t('server.areas.overview.description', 'State, address, uptime and resource use of this server.'),
  },
  console: { icon: <CodeOutlined />, title: (t) => t('server.areas.console.title', 'Console'), description: (t) => t('server.areas.console.description', 'Live output, commands and power controls.') },
  files: {
    icon: <FolderOutlined />,
    title: (t) => t('server.areas.files.title', 'Files'),
    description: (t) => t('server.areas.files.description', "Browse, edit, upload and download the server's files."),
  },
  config: {
    icon: <SettingOutlined />,
    title: (t) => t('server.areas.config.title', 'Configuration'),
    description: (t) => t('server.areas.config.description', "Server properties and the game's other settings."),
  },
  players: {
    icon: <TeamOutlined />,
    title: (t) => t('server.areas.players.title', 'Players'),
    description: (t) => t('server.areas.players.description', 'Who is online, operators, bans and the whitelist.'),
  },
  backups: { icon: <SaveOutlined />, title: (t) => t('server.areas.backups.title', 'Backups'), description: (t) => t('server.areas.backups.description', 'Create, download and restore backups.') },
  database: {
    icon: <DatabaseOutlined />,
    title: (t) => t('server.areas.database.title', 'Database'),
    description: (t) => t('server.areas.database.description', 'Databases for plugins, with their connection details.'),
  },
  network: {
    icon: <ApiOutlined />,
    title: (t) => t('server.areas.network.title', 'Network'),
    description: (t) => t('server.areas.network.description', "Ports, addresses and the server's subdomain."),
  },
  versions: {
    icon: <BranchesOutlined />,
    title: (t) => t('server.areas.versions.title', 'Versions'),
    description: (t) => t('server.areas.versions.description', 'Switch server software and game version.'),
  },
  modpacks: { icon: <GiftOutlined />, title: (t) => t('server.areas.modpacks.title', 'Modpacks'), description: (t) => t('server.areas.modpacks.description', 'Find and install modpacks.') },
  extensions: {
    icon: <AppstoreAddOutlined />,
    title: (t) => t('server.areas.extensions.title', 'Plugins and mods'),
    description: (t) => t('server.areas.extensions.description', 'Install, update and remove plugins and mods.'),
  },
  setups: { icon: <RocketOutlined />, title: (t) => t('server.areas.setups.title', 'Setups'), description: (t) => t('server.areas.setups.description', 'Ready-made presets applied in one click.') },
  schedules: {
    icon: <ScheduleOutlined />,
    title: (t) => t('server.areas.tasks.title', 'Scheduled tasks'),
    description: (t) => t('server.areas.tasks.description', 'Commands, restarts and backups on a schedule.'),
  },
  webhooks: {
    icon: <NotificationOutlined />,
    title: (t) => t('server.areas.webhooks.title', 'Webhooks'),
    description: (t) => t('server.areas.webhooks.description', 'Send the server’s events to Discord or your own service.'),
  },
  notifications: {
    icon: <BellOutlined />,
    title: (t) => t('server.areas.notifications.title', 'Notifications'),
    description: (t) => t('server.areas.notifications.description', 'Choose what you are told about, in the panel and by mail.'),
  },
  sharing: {
    icon: <ShareAltOutlined />,
    title: (t) => t('server.areas.sharing.title', 'Sharing'),
    description: (t) => t('server.areas.sharing.description', 'Invite people and choose what each may do.'),
  },
  sharingRoles: {
    icon: <SolutionOutlined />,
    title: (t) => t('server.areas.sharingRoles.title', 'Roles'),
    description: (t) => t('server.areas.sharingRoles.description', 'Named sets of permissions for the people you share with.'),
  },
  sharingAuditLog: {
    icon: <AuditOutlined />,
    title: (t) => t('server.areas.sharingAuditLog.title', 'Audit log'),
    description: (t) => t('server.areas.sharingAuditLog.description', 'Every action on this server: who, when and from where.'),
  },
  upgrade: {
    icon: <ThunderboltOutlined />,
    title: (t) => t('server.areas.upgrade.title', 'Upgrade'),
    description: (t) => t('server.areas.upgrade.description', "Compare plans and change this server's plan."),
  },
  upgradePremium: {
    icon: <CrownOutlined />,
    title: (t) => t('server.areas.upgradePremium.title', 'Premium'),
    description: (t) => t('server.areas.upgradePremium.description', 'Move this server to a premium plan.'),
  },
  upgradeQuiz: {
    icon: <QuestionCircleOutlined />,
    title: (t) => t('server.areas.upgradeQuiz.title', 'Plan finder'),
    description: (t) => t('server.areas.upgradeQuiz.description', 'A few questions that recommend the right plan.'),
  },
};

/** The overview and the 18 areas with their icons and texts, in navigation order. */
export const serverAreas: readonly ServerArea[] = serverAreaPaths.map((area) => ({ ...area, ...decorations[area.key] }));

/** Titles of the navigation groups. */
export function serverAreaGroupTitle(group: ServerAreaGroup, t: TFunction): string {
  switch (group) {
    case 'control':
      return t('server.groups.control', 'Control');
    case 'data':
      return t('server.groups.data', 'Data and network');
    case 'software':
      return t('server.groups.software', 'Software');
    case 'automation':
      return t('server.groups.automation', 'Automation');
    case 'access':
      return t('server.groups.access', 'Access');
    case 'plan':
      return t('server.groups.plan', 'Plan');
  }
}

/** The icon shown for servers in headers. */
export const serverIcon = <CloudServerOutlined />;

/** Finds the area for a path under /server/{id}/ (exact match: upgrade and upgrade/premium are different areas). */
export function areaForPath(subPath: string): ServerArea | undefined {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  return serverAreas.find((area) => area.path === path);
}
