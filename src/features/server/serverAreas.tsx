import ApiOutlinedSvg from '@ant-design/icons-svg/es/asn/ApiOutlined';
import AppstoreAddOutlinedSvg from '@ant-design/icons-svg/es/asn/AppstoreAddOutlined';
import AuditOutlinedSvg from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BellOutlinedSvg from '@ant-design/icons-svg/es/asn/BellOutlined';
import BranchesOutlinedSvg from '@ant-design/icons-svg/es/asn/BranchesOutlined';
import CloudServerOutlinedSvg from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import CodeOutlinedSvg from '@ant-design/icons-svg/es/asn/CodeOutlined';
import CrownOutlinedSvg from '@ant-design/icons-svg/es/asn/CrownOutlined';
import DashboardOutlinedSvg from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import DatabaseOutlinedSvg from '@ant-design/icons-svg/es/asn/DatabaseOutlined';
import FolderOutlinedSvg from '@ant-design/icons-svg/es/asn/FolderOutlined';
import GiftOutlinedSvg from '@ant-design/icons-svg/es/asn/GiftOutlined';
import NotificationOutlinedSvg from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import QuestionCircleOutlinedSvg from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import RocketOutlinedSvg from '@ant-design/icons-svg/es/asn/RocketOutlined';
import SaveOutlinedSvg from '@ant-design/icons-svg/es/asn/SaveOutlined';
import ScheduleOutlinedSvg from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SettingOutlinedSvg from '@ant-design/icons-svg/es/asn/SettingOutlined';
import ShareAltOutlinedSvg from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import SolutionOutlinedSvg from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import TeamOutlinedSvg from '@ant-design/icons-svg/es/asn/TeamOutlined';
import ThunderboltOutlinedSvg from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { PlainIcon } from '../../components/PlainIcon';
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
    icon: <PlainIcon icon={DashboardOutlinedSvg} />,
    title: (t) => t('server.areas.overview.title', 'Overview'),
    description: (t) => t('server.areas.overview.description', 'State, address, uptime and resource use of this server.'),
  },
  console: {
    icon: <PlainIcon icon={CodeOutlinedSvg} />,
    title: (t) => t('server.areas.console.title', 'Console'),
    description: (t) => t('server.areas.console.description', 'Live output, commands and power controls.'),
  },
  files: {
    icon: <PlainIcon icon={FolderOutlinedSvg} />,
    title: (t) => t('server.areas.files.title', 'Files'),
    description: (t) => t('server.areas.files.description', "Browse, edit, upload and download the server's files."),
  },
  config: {
    icon: <PlainIcon icon={SettingOutlinedSvg} />,
    title: (t) => t('server.areas.config.title', 'Configuration'),
    description: (t) => t('server.areas.config.description', "Server properties and the game's other settings."),
  },
  players: {
    icon: <PlainIcon icon={TeamOutlinedSvg} />,
    title: (t) => t('server.areas.players.title', 'Players'),
    description: (t) => t('server.areas.players.description', 'Who is online, operators, bans and the whitelist.'),
  },
  backups: {
    icon: <PlainIcon icon={SaveOutlinedSvg} />,
    title: (t) => t('server.areas.backups.title', 'Backups'),
    description: (t) => t('server.areas.backups.description', 'Create, download and restore backups.'),
  },
  database: {
    icon: <PlainIcon icon={DatabaseOutlinedSvg} />,
    title: (t) => t('server.areas.database.title', 'Database'),
    description: (t) => t('server.areas.database.description', 'Databases for plugins, with their connection details.'),
  },
  network: {
    icon: <PlainIcon icon={ApiOutlinedSvg} />,
    title: (t) => t('server.areas.network.title', 'Network'),
    description: (t) => t('server.areas.network.description', "Ports, addresses and the server's subdomain."),
  },
  versions: {
    icon: <PlainIcon icon={BranchesOutlinedSvg} />,
    title: (t) => t('server.areas.versions.title', 'Versions'),
    description: (t) => t('server.areas.versions.description', 'Switch server software and game version.'),
  },
  modpacks: {
    icon: <PlainIcon icon={GiftOutlinedSvg} />,
    title: (t) => t('server.areas.modpacks.title', 'Modpacks'),
    description: (t) => t('server.areas.modpacks.description', 'Find and install modpacks.'),
  },
  extensions: {
    icon: <PlainIcon icon={AppstoreAddOutlinedSvg} />,
    title: (t) => t('server.areas.extensions.title', 'Plugins and mods'),
    description: (t) => t('server.areas.extensions.description', 'Install, update and remove plugins and mods.'),
  },
  setups: {
    icon: <PlainIcon icon={RocketOutlinedSvg} />,
    title: (t) => t('server.areas.setups.title', 'Setups'),
    description: (t) => t('server.areas.setups.description', 'Ready-made presets applied in one click.'),
  },
  schedules: {
    icon: <PlainIcon icon={ScheduleOutlinedSvg} />,
    title: (t) => t('server.areas.tasks.title', 'Scheduled tasks'),
    description: (t) => t('server.areas.tasks.description', 'Commands, restarts and backups on a schedule.'),
  },
  webhooks: {
    icon: <PlainIcon icon={NotificationOutlinedSvg} />,
    title: (t) => t('server.areas.webhooks.title', 'Webhooks'),
    description: (t) => t('server.areas.webhooks.description', 'Send the server’s events to Discord or your own service.'),
  },
  notifications: {
    icon: <PlainIcon icon={BellOutlinedSvg} />,
    title: (t) => t('server.areas.notifications.title', 'Notifications'),
    description: (t) => t('server.areas.notifications.description', 'Choose what you are told about, in the panel and by mail.'),
  },
  sharing: {
    icon: <PlainIcon icon={ShareAltOutlinedSvg} />,
    title: (t) => t('server.areas.sharing.title', 'Sharing'),
    description: (t) => t('server.areas.sharing.description', 'Invite people and choose what each may do.'),
  },
  sharingRoles: {
    icon: <PlainIcon icon={SolutionOutlinedSvg} />,
    title: (t) => t('server.areas.sharingRoles.title', 'Roles'),
    description: (t) => t('server.areas.sharingRoles.description', 'Named sets of permissions for the people you share with.'),
  },
  sharingAuditLog: {
    icon: <PlainIcon icon={AuditOutlinedSvg} />,
    title: (t) => t('server.areas.sharingAuditLog.title', 'Audit log'),
    description: (t) => t('server.areas.sharingAuditLog.description', 'Every action on this server: who, when and from where.'),
  },
  upgrade: {
    icon: <PlainIcon icon={ThunderboltOutlinedSvg} />,
    title: (t) => t('server.areas.upgrade.title', 'Upgrade'),
    description: (t) => t('server.areas.upgrade.description', "Compare plans and change this server's plan."),
  },
  upgradePremium: {
    icon: <PlainIcon icon={CrownOutlinedSvg} />,
    title: (t) => t('server.areas.upgradePremium.title', 'Premium'),
    description: (t) => t('server.areas.upgradePremium.description', 'Move this server to a premium plan.'),
  },
  upgradeQuiz: {
    icon: <PlainIcon icon={QuestionCircleOutlinedSvg} />,
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
export const serverIcon = <PlainIcon icon={CloudServerOutlinedSvg} />;

/** Finds the area for a path under /server/{id}/ (exact match: upgrade and upgrade/premium are different areas). */
export function areaForPath(subPath: string): ServerArea | undefined {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  return serverAreas.find((area) => area.path === path);
}
