import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { Button } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListNotificationsQuery } from '../../api/notifications';
import { OnceOpened } from '../../components/OnceOpened';
import { PlainIcon } from '../../components/PlainIcon';

// The list (its feature's code, antd's Drawer and Pagination) loads when first opened: the bell is on every page.
const NotificationsDrawer = lazy(() => import('../../features/panel-notifications/NotificationsDrawer').then((m) => ({ default: m.NotificationsDrawer })));

/** How often the unread count is asked again while a page is open. */
const COUNT_REFRESH_MS = 30_000;

const countStyle = {
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  background: 'var(--panel-error, #ff4d4f)',
  color: '#fff',
  fontSize: 11,
  lineHeight: '18px',
  fontWeight: 600,
} as const;

/**
 * The bell in the navigation: the number of unread notifications (asked for with a one-item page,
 * again every half minute), opening the notification list.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useListNotificationsQuery({ page: 1, perPage: 1 }, { pollingInterval: COUNT_REFRESH_MS, skipPollingIfUnfocused: true });
  const unread = data?.meta.unread ?? 0;
  const label = unread > 0 ? t('panelNotifications.bellUnread', 'Notifications, {{count}} unread', { count: unread }) : t('panelNotifications.bell', 'Notifications');
  return (
    <>
      <Button
        type="text"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        style={{ position: 'relative' }}
        icon={<PlainIcon icon={BellOutlined} aria-hidden="true" style={{ fontSize: 18 }} />}
      >
        {unread > 0 ? (
          <span aria-hidden="true" data-unread-count={unread} style={countStyle}>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <OnceOpened open={open}>
        <NotificationsDrawer open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
