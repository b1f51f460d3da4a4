import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from './PlainIcon';

/** One notification as the notification center shows it. */
export interface NotificationView {
  id: string;
  title: string;
  text: string;
  /** success and error have their own icon; every other type gets the information icon. */
  type: string;
}

/** Props of {@link NotificationCenter}. */
export interface NotificationCenterProps {
  notifications: readonly NotificationView[];
  onDismiss: (id: string) => void;
  /** Success and information notices close by themselves after this long; errors stay until closed. */
  autoCloseMs?: number;
  /** When given, error notifications offer "Report a problem". */
  onReport?: () => void;
}

const colours: Record<string, string> = { success: '#52c41a', error: '#ff4d4f' };

const regionStyle: CSSProperties = {
  position: 'fixed',
  insetBlockStart: 16,
  insetInlineEnd: 16,
  zIndex: 1100,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  width: 'min(380px, calc(100vw - 32px))',
};

const itemStyle: CSSProperties = {
  display: 'flex',
  gap: 12,
  alignItems: 'flex-start',
  padding: '12px 14px',
  borderRadius: 8,
  background: 'var(--panel-input-bg, #1f1f1f)',
  color: 'var(--panel-input-text, #fff)',
  border: '1px solid var(--panel-card-border, #333)',
  boxShadow: 'var(--panel-card-shadow, 0 6px 16px #0008)',
};

const closeStyle: CSSProperties = {
  marginInlineStart: 'auto',
  background: 'none',
  border: 0,
  color: 'inherit',
  cursor: 'pointer',
  padding: 4,
  opacity: 0.7,
};

function NotificationIcon({ type }: { type: string }) {
  const style = { color: colours[type] ?? 'var(--panel-primary, #1677ff)', fontSize: 20 };
  if (type === 'success') return <PlainIcon icon={CheckCircleFilled} style={style} />;
  if (type === 'error') return <PlainIcon icon={CloseCircleFilled} style={style} />;
  return <PlainIcon icon={InfoCircleFilled} style={style} />;
}

function NotificationItem({ item, onDismiss, autoCloseMs, onReport }: { item: NotificationView; onDismiss: (id: string) => void; autoCloseMs: number; onReport?: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (item.type === 'error' || autoCloseMs <= 0) return undefined;
    const timer = setTimeout(() => onDismiss(item.id), autoCloseMs);
    return () => clearTimeout(timer);
  }, [item.id, item.type, autoCloseMs, onDismiss]);

  return (
    // Errors interrupt (alert); other notices are announced politely (status).
    <div role={item.type === 'error' ? 'alert' : 'status'} aria-label={item.title} style={itemStyle} data-type={item.type}>
      <NotificationIcon type={item.type} />
      <div style={{ minWidth: 0 }}>
        <div style={{ fontWeight: 600, marginBlockEnd: 2 }}>{item.title}</div>
        {item.text ? <div style={{ opacity: 0.85, overflowWrap: 'anywhere' }}>{item.text}</div> : null}
        {onReport && item.type === 'error' ? (
          <button type="button" onClick={onReport} style={{ ...closeStyle, marginInlineStart: 0, padding: 0, textDecoration: 'underline' }}>
            {t('support.reportProblem', 'Report a problem')}
          </button>
        ) : null}
      </div>
      <button type="button" style={closeStyle} onClick={() => onDismiss(item.id)} aria-label={t('notifications.close', 'Close')}>
        <PlainIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

/** Shows the current notifications in a corner: title, text, an icon by type and a close button. */
export function NotificationCenter({ notifications, onDismiss, autoCloseMs = 6000, onReport }: NotificationCenterProps) {
  const { t } = useTranslation();
  if (notifications.length === 0) return null;
  return (
    <section aria-label={t('notifications.region', 'Notifications')} style={regionStyle}>
      {notifications.map((item) => (
        <NotificationItem key={item.id} item={item} onDismiss={onDismiss} autoCloseMs={autoCloseMs} onReport={onReport} />
      ))}
    </section>
  );
}
