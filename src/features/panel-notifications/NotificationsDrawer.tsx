import { Alert, Button, Drawer, Empty, Flex, Pagination, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListNotificationsQuery, useMarkNotificationsReadMutation, type Notification } from '../../api/notifications';
import { useDateTime } from '../../core/session/useDateTime';
import { notificationSentence } from './notificationSentences';

const PER_PAGE = 20;

const itemStyle = { padding: '12px 0', borderBottom: '1px solid var(--panel-border, rgba(255,255,255,0.08))' } as const;

/** Props of {@link NotificationsDrawer}. */
export interface NotificationsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The notification list: newest first, a page at a time, unread ones in bold with their own
 * "Mark read"; "Mark all read" for the lot. Each names its server and links to its page.
 */
export function NotificationsDrawer({ open, onClose }: NotificationsDrawerProps) {
  const { t } = useTranslation();
  const formatTime = useDateTime();
  const [page, setPage] = useState(1);
  const list = useListNotificationsQuery({ page, perPage: PER_PAGE }, { skip: !open });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const unread = list.data?.meta.unread ?? 0;

  const item = (notification: Notification) => {
    const isUnread = notification.read_at === null;
    return (
      <li key={notification.id} data-notification={notification.event} style={itemStyle}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Text strong={isUnread}>{notificationSentence(t, notification)}</Typography.Text>
          {isUnread ? (
            <Button size="small" type="link" disabled={marking.isLoading} onClick={() => void markRead({ body: { ids: [notification.id] } })}>
              {t('panelNotifications.markRead', 'Mark read')}
            </Button>
          ) : null}
        </Flex>
        <Space size="small" wrap>
          <Typography.Text type="secondary">
            <time dateTime={notification.created_at}>{formatTime(notification.created_at)}</time>
          </Typography.Text>
          <Link to={`/server/${notification.server.id}`} onClick={onClose}>
            {notification.server.name}
          </Link>
          {isUnread ? <Typography.Text type="secondary">{t('panelNotifications.unread', 'Unread')}</Typography.Text> : null}
        </Space>
      </li>
    );
  };

  return (
    <Drawer
      title={t('panelNotifications.title', 'Notifications')}
      open={open}
      onClose={onClose}
      size="min(420px, 100vw)"
      extra={
        <Button disabled={unread === 0} loading={marking.isLoading} onClick={() => void markRead({ body: { all: true } })}>
          {t('panelNotifications.markAllRead', 'Mark all read')}
        </Button>
      }
    >
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={t('panelNotifications.loadFailed', 'The notifications could not be loaded.')}
          action={<Button onClick={() => void list.refetch()}>{t('panelNotifications.retry', 'Try again')}</Button>}
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.data.data.length === 0 ? (
        <Empty description={t('panelNotifications.empty', 'Nothing to tell yet. Choose what you are told about in each server’s Notifications area.')} />
      ) : (
        <>
          <ul aria-label={t('panelNotifications.listLabel', 'Your notifications')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.data.map(item)}
          </ul>
          {list.data.meta.total > PER_PAGE ? <Pagination simple current={page} pageSize={PER_PAGE} total={list.data.meta.total} onChange={setPage} style={{ marginTop: 16 }} /> : null}
        </>
      )}
    </Drawer>
  );
}
