import MenuOutlinedSvg from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { Button, Layout } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { mainContentProps, SkipLink } from '../../components/SkipLink';
import { RoutedPage } from '../errors/RoutedPage';
import { useFirstFrameReplaced } from '../firstFrame/useFirstFrameReplaced';
import { PanelBrand } from './PanelBrand';
import { NotificationBell } from './NotificationBell';
import { useIsCompact } from '../../components/useIsCompact';
import { PlainIcon } from '../../components/PlainIcon';

// The drawer is only needed below lg: wide screens never load it.
const NavigationDrawer = lazy(() => import('./NavigationDrawer').then((m) => ({ default: m.NavigationDrawer })));

/** Props of {@link NavigationFrame}. */
export interface NavigationFrameProps {
  /** The navigation; `close` shuts the drawer after a choice on small screens. */
  navigation: (close: () => void) => ReactNode;
  /** Shown above the page content (e.g. a server's header). */
  header?: ReactNode;
  /** CSS background-image for the content area, e.g. `var(--panel-server-image)`. */
  contentImage?: string;
  /** Shown instead of the routed page (e.g. "server not found"). */
  children?: ReactNode;
}

const navigationBackground = {
  backgroundImage: 'var(--panel-nav-image)',
  backgroundSize: 'cover',
  backgroundPosition: 'center bottom',
};

/**
 * The art behind a page's content, in its own 16:9 box: the theme's gradient over it then ends in
 * the page colour exactly where the art ends, instead of the picture stopping at a hard edge on a
 * long page (both layers sized to the whole content would stretch the gradient over the page).
 */
const contentArtStyle = {
  position: 'absolute',
  insetInline: 0,
  top: 0,
  zIndex: -1,
  aspectRatio: '16 / 9',
  pointerEvents: 'none',
  backgroundSize: 'cover',
  backgroundPosition: 'center top',
  backgroundRepeat: 'no-repeat',
} as const;

/**
 * The frame of the dashboard and server layouts: a side navigation from `lg` up, and below `lg`
 * a top bar whose menu button opens the same navigation in a drawer.
 */
export function NavigationFrame({ navigation, header, contentImage, children }: NavigationFrameProps) {
  const { t } = useTranslation();
  const compact = useIsCompact();
  const { pathname } = useLocation();
  useFirstFrameReplaced();
  // The drawer is open on the page where it was opened: a new page closes it, however it was reached.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // Loaded on first use, then kept so that closing can animate.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const close = () => setOpenOn(null);
  const openDrawer = () => {
    setDrawerUsed(true);
    setOpenOn(pathname);
  };

  const content = (
    <Layout.Content
      {...mainContentProps}
      // Its own stacking context: the art below sits above the page colour but under the content.
      style={{ minWidth: 0, padding: compact ? 16 : 32, position: 'relative', isolation: 'isolate' }}
    >
      {contentImage ? <div aria-hidden="true" data-content-art="" style={{ ...contentArtStyle, backgroundImage: contentImage }} /> : null}
      {header}
      {children ?? <RoutedPage />}
    </Layout.Content>
  );

  if (!compact) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <SkipLink />
        <Layout.Sider width={264} style={{ ...navigationBackground, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
          <div style={{ padding: '20px 16px 20px 24px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
            <PanelBrand />
            <NotificationBell />
          </div>
          {navigation(close)}
        </Layout.Sider>
        <Layout>{content}</Layout>
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, paddingInline: 16, position: 'sticky', top: 0, zIndex: 10 }}>
        <Button type="text" icon={<PlainIcon icon={MenuOutlinedSvg} />} aria-label={t('layout.openNavigation', 'Open navigation')} aria-expanded={open} onClick={openDrawer} />
        <PanelBrand />
        <span style={{ marginInlineStart: 'auto' }}>
          <NotificationBell />
        </span>
      </Layout.Header>
      {content}
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavigationDrawer open={open} onClose={close}>
            {navigation(close)}
          </NavigationDrawer>
        </Suspense>
      ) : null}
    </Layout>
  );
}
