import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverAreaGroupTitle, serverAreas, type ServerAreaGroup } from './serverAreas';

/** Props of {@link ServerNavigation}. */
export interface ServerNavigationProps {
  serverId: string;
  /** Key of the area being shown, highlighted in the menu. */
  activeKey?: string;
  /** Called after an entry is chosen (the drawer closes itself with it). */
  onNavigate?: () => void;
}

const groupOrder: ServerAreaGroup[] = ['control', 'data', 'software', 'automation', 'access', 'plan'];

/** The navigation between a server's overview and its 18 areas, grouped by purpose. */
export function ServerNavigation({ serverId, activeKey, onNavigate }: ServerNavigationProps) {
  const { t } = useTranslation();
  const base = `/server/${encodeURIComponent(serverId)}`;
  const items: MenuProps['items'] = groupOrder.map((group) => ({
    type: 'group',
    key: group,
    label: serverAreaGroupTitle(group, t),
    children: serverAreas
      .filter((area) => area.group === group)
      .map((area) => ({
        key: area.key,
        icon: area.icon,
        label: (
          <Link to={area.path ? `${base}/${area.path}` : base} onClick={onNavigate}>
            {area.title(t)}
          </Link>
        ),
      })),
  }));
  return (
    <nav aria-label={t('server.navigation', 'Server areas')}>
      <Menu mode="inline" items={items} selectedKeys={activeKey ? [activeKey] : []} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
