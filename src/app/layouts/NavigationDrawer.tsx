import { ConfigProvider, Drawer } from 'antd';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link NavigationDrawer}. */
export interface NavigationDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The navigation in a drawer from the reading side, for screens below `lg`. Loaded only there. */
export function NavigationDrawer({ open, onClose, children }: NavigationDrawerProps) {
  const { t } = useTranslation();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={300}
      placement={direction === 'rtl' ? 'right' : 'left'}
      title={t('layout.navigation', 'Navigation')}
      styles={{ body: { padding: 0, backgroundImage: 'var(--panel-nav-image)', backgroundSize: 'cover', backgroundPosition: 'center bottom' } }}
    >
      {children}
    </Drawer>
  );
}
