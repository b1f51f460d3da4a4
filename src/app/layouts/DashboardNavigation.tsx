import { AppstoreOutlined, BugOutlined, LogoutOutlined, ShoppingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NavList } from '../../components/NavList';
import { openReportDialog } from '../../features/support/reportDialogState';

/** Props of {@link DashboardNavigation}. */
export interface DashboardNavigationProps {
  onNavigate?: () => void;
}

/** The dashboard layout's navigation: servers, plans, account, report a problem and log out. */
export function DashboardNavigation({ onNavigate }: DashboardNavigationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = [
    { key: '/', to: '/', icon: <AppstoreOutlined />, label: t('nav.servers', 'Servers') },
    { key: '/plans', to: '/plans', icon: <ShoppingOutlined />, label: t('nav.plans', 'Plans') },
    { key: '/account/edit', to: '/account/edit', icon: <UserOutlined />, label: t('nav.account', 'Account') },
    { key: 'report', to: pathname, icon: <BugOutlined />, label: t('support.reportProblem', 'Report a problem'), onSelect: openReportDialog },
    { key: '/logout', to: '/logout', icon: <LogoutOutlined />, label: t('nav.logout', 'Log out') },
  ];
  return <NavList label={t('nav.main', 'Main navigation')} groups={[{ key: 'main', entries }]} activeKey={pathname} onNavigate={onNavigate} />;
}
