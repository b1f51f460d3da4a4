import { AppstoreOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Props of {@link DashboardNavigation}. */
export interface DashboardNavigationProps {
  onNavigate?: () => void;
}

/** The dashboard layout's navigation: servers, account and log out. */
export function DashboardNavigation({ onNavigate }: DashboardNavigationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    { key: '/', icon: <AppstoreOutlined />, label: <Link to="/" onClick={onNavigate}>{t('nav.servers', 'Servers')}</Link> },
    { key: '/account/edit', icon: <UserOutlined />, label: <Link to="/account/edit" onClick={onNavigate}>{t('nav.account', 'Account')}</Link> },
    { key: '/logout', icon: <LogoutOutlined />, label: <Link to="/logout" onClick={onNavigate}>{t('nav.logout', 'Log out')}</Link> },
  ];
  return (
    <nav aria-label={t('nav.main', 'Main navigation')}>
      <Menu mode="inline" items={items} selectedKeys={[pathname]} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
