import { AppstoreOutlined, BugOutlined, ControlOutlined, LogoutOutlined, ShoppingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NavList } from '../../components/NavList';
import { openReportDialog } from '../../features/support/reportDialogState';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useAppSelector } from '../hooks';

/** Props of {@link DashboardNavigation}. */
export interface DashboardNavigationProps {
  onNavigate?: () => void;
}

/** The dashboard layout's navigation: servers, plans, account, administration for root admins, report a problem and log out. */
export function DashboardNavigation({ onNavigate }: DashboardNavigationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const rootAdmin = useAppSelector(selectCurrentUser)?.root_admin === true;
  const entries = [
    { key: '/', to: '/', icon: <AppstoreOutlined />, label: t('nav.servers', 'Servers') },
    { key: '/plans', to: '/plans', icon: <ShoppingOutlined />, label: t('nav.plans', 'Plans') },
    { key: '/account/edit', to: '/account/edit', icon: <UserOutlined />, label: t('nav.account', 'Account') },
    // Only root admins see the way into the admin area (whose code loads only when they open it).
    ...(rootAdmin ? [{ key: '/admin', to: '/admin', icon: <ControlOutlined />, label: t('admin.nav.title', 'Administration') }] : []),
    { key: 'report', to: pathname, icon: <BugOutlined />, label: t('support.reportProblem', 'Report a problem'), onSelect: openReportDialog },
    { key: '/logout', to: '/logout', icon: <LogoutOutlined />, label: t('nav.logout', 'Log out') },
  ];
  return <NavList label={t('nav.main', 'Main navigation')} groups={[{ key: 'main', entries }]} activeKey={pathname} onNavigate={onNavigate} />;
}
