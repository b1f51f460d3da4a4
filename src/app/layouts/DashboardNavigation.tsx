import AppstoreOutlinedSvg from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import BugOutlinedSvg from '@ant-design/icons-svg/es/asn/BugOutlined';
import ControlOutlinedSvg from '@ant-design/icons-svg/es/asn/ControlOutlined';
import LogoutOutlinedSvg from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import ShoppingOutlinedSvg from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NavList } from '../../components/NavList';
import { openReportDialog } from '../../features/support/reportDialogState';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { PlainIcon } from '../../components/PlainIcon';

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
    { key: '/', to: '/', icon: <PlainIcon icon={AppstoreOutlinedSvg} />, label: t('nav.servers', 'Servers') },
    { key: '/plans', to: '/plans', icon: <PlainIcon icon={ShoppingOutlinedSvg} />, label: t('nav.plans', 'Plans') },
    { key: '/account/edit', to: '/account/edit', icon: <PlainIcon icon={UserOutlinedSvg} />, label: t('nav.account', 'Account') },
    // Only root admins see the way into the admin area (whose code loads only when they open it).
    ...(rootAdmin ? [{ key: '/admin', to: '/admin', icon: <PlainIcon icon={ControlOutlinedSvg} />, label: t('admin.nav.title', 'Administration') }] : []),
    { key: 'report', to: pathname, icon: <PlainIcon icon={BugOutlinedSvg} />, label: t('support.reportProblem', 'Report a problem'), onSelect: openReportDialog },
    { key: '/logout', to: '/logout', icon: <PlainIcon icon={LogoutOutlinedSvg} />, label: t('nav.logout', 'Log out') },
  ];
  return <NavList label={t('nav.main', 'Main navigation')} groups={[{ key: 'main', entries }]} activeKey={pathname} onNavigate={onNavigate} />;
}
