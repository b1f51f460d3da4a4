import LogoutOutlinedSvg from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { NavList, type NavGroup } from '../../components/NavList';
import { serverAreaGroupTitle, serverAreas, type ServerAreaGroup } from './serverAreas';
import { PlainIcon } from '../../components/PlainIcon';

/** Props of {@link ServerNavigation}. */
export interface ServerNavigationProps {
  serverId: string;
  /** Key of the area being shown, marked as the current page. */
  activeKey?: string;
  /** Called after an entry is chosen (the drawer closes itself with it). */
  onNavigate?: () => void;
  /**
   * The permission keys the user holds on the server, once known: areas needing one they lack are
   * not offered (a Viewer sees no Sharing or Roles only to be refused there). Until the server has
   * loaded every area is listed.
   */
  permissions?: readonly string[];
}

const groupOrder: ServerAreaGroup[] = ['control', 'data', 'software', 'automation', 'access', 'plan'];

/** The navigation between a server's overview and its 18 areas, grouped by purpose, then the account and log out. */
export function ServerNavigation({ serverId, activeKey, onNavigate, permissions }: ServerNavigationProps) {
  const { t } = useTranslation();
  const base = `/server/${encodeURIComponent(serverId)}`;
  const allowed = (permission: string | undefined) => !permission || !permissions || permissions.includes(permission);
  const groups: NavGroup[] = groupOrder
    .map((group) => ({
      key: group,
      title: serverAreaGroupTitle(group, t),
      entries: serverAreas
        .filter((area) => area.group === group && allowed(area.permission))
        .map((area) => ({ key: area.key, to: area.path ? `${base}/${area.path}` : base, icon: area.icon, label: area.title(t) })),
    }))
    .filter((group) => group.entries.length > 0);
  // The account and log out, as on the dashboard: server pages are no dead end.
  groups.push({
    key: 'account',
    title: t('server.navigationAccount', 'Your account'),
    entries: [
      { key: '/account/edit', to: '/account/edit', icon: <PlainIcon icon={UserOutlinedSvg} />, label: t('nav.account', 'Account') },
      { key: '/logout', to: '/logout', icon: <PlainIcon icon={LogoutOutlinedSvg} />, label: t('nav.logout', 'Log out') },
    ],
  });
  return <NavList label={t('server.navigation', 'Server areas')} groups={groups} activeKey={activeKey} onNavigate={onNavigate} />;
}
