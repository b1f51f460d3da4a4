import {
  AppstoreOutlined,
  AuditOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  GlobalOutlined,
  LeftOutlined,
  LoginOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NavList } from '../../components/NavList';

/** The admin area's navigation: its pages, and the way back to the customer panel. */
export function AdminNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = [
    { key: '/admin', to: '/admin', icon: <DashboardOutlined />, label: t('admin.nav.overview', 'Overview') },
    { key: '/admin/nodes', to: '/admin/nodes', icon: <DatabaseOutlined />, label: t('admin.nav.nodes', 'Nodes') },
    { key: '/admin/servers', to: '/admin/servers', icon: <CloudServerOutlined />, label: t('admin.nav.servers', 'Servers') },
    { key: '/admin/users', to: '/admin/users', icon: <TeamOutlined />, label: t('admin.nav.users', 'Users') },
    { key: '/admin/plans', to: '/admin/plans', icon: <TagsOutlined />, label: t('admin.nav.plans', 'Plans') },
    { key: '/admin/templates', to: '/admin/templates', icon: <AppstoreOutlined />, label: t('admin.nav.templates', 'Game templates') },
    { key: '/admin/database-hosts', to: '/admin/database-hosts', icon: <ClusterOutlined />, label: t('admin.nav.databaseHosts', 'Database hosts') },
    { key: '/admin/dns-zones', to: '/admin/dns-zones', icon: <GlobalOutlined />, label: t('admin.nav.dnsZones', 'DNS zones') },
    { key: '/admin/social-login', to: '/admin/social-login', icon: <LoginOutlined />, label: t('admin.nav.socialLogin', 'Social login') },
    { key: '/admin/settings', to: '/admin/settings', icon: <SettingOutlined />, label: t('admin.nav.settings', 'Settings') },
    { key: '/admin/audit', to: '/admin/audit', icon: <AuditOutlined />, label: t('admin.nav.audit', 'Audit log') },
  ];
  const back = [{ key: '/', to: '/', icon: <LeftOutlined />, label: t('admin.nav.back', 'Back to the panel') }];
  return (
    <NavList
      label={t('admin.nav.label', 'Admin navigation')}
      groups={[
        { key: 'admin', title: t('admin.nav.title', 'Administration'), entries },
        { key: 'back', entries: back },
      ]}
      activeKey={pathname}
      onNavigate={onNavigate}
    />
  );
}
