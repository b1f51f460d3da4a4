import { Button, Divider, Space, Tag, Typography } from 'antd';
import { lazy, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crashesApi, CRASHES, useListServerCrashesQuery } from '../../../api/crashes';
import { useAppDispatch } from '../../../app/hooks';
import { OnceOpened } from '../../../components/OnceOpened';
import { PlainCard } from '../../../components/PlainCard';
import { useDateTime } from '../../../core/session/useDateTime';
import { CrashPolicyForm } from './CrashPolicyForm';
import { crashCause, crashOutcome, outcomeColor } from './crashTexts';

// The history (antd's Drawer, Collapse and Pagination, whose size changer is a Select) loads when
// it is first opened: the overview shows only the last crash.
const CrashHistoryDrawer = lazy(() => import('./CrashHistoryDrawer').then((m) => ({ default: m.CrashHistoryDrawer })));

/** The crash is recorded just after the server reports it is offline: look again a moment later too. */
const RECORD_DELAY_MS = 2000;

/** Props of {@link CrashesCard}. */
export interface CrashesCardProps {
  serverId: string;
  /** The caller's permission keys on the server. */
  permissions: string[];
  /** The live power state (a crash shows up when the server goes offline). */
  state: string;
}

/** The last crash (when, how, what the panel did), the way to the crash history, and the restart policy. */
export const CrashesCard = memo(function CrashesCard({ serverId, permissions, state }: CrashesCardProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const dispatch = useAppDispatch();
  const [historyOpen, setHistoryOpen] = useState(false);
  const canRead = permissions.includes('crash.read');
  const latest = useListServerCrashesQuery({ id: serverId, page: 1, perPage: 1 }, { skip: !canRead });

  useEffect(() => {
    if (!canRead || state !== 'offline') return;
    const refresh = () => dispatch(crashesApi.util.invalidateTags([{ type: CRASHES, id: serverId }]));
    refresh();
    const timer = setTimeout(refresh, RECORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canRead, state, serverId, dispatch]);

  if (!canRead) return null;
  const last = latest.data?.data[0];
  const total = latest.data?.meta.total ?? 0;
  return (
    <PlainCard size="small" title={t('overview.crashes.title', 'Crashes')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {last ? (
          <section aria-label={t('overview.crashes.last', 'Last crash')}>
            <Space wrap>
              <Typography.Text>{t('overview.crashes.lastAt', 'Last crash: {{time}}', { time: when(last.created_at) })}</Typography.Text>
              <Typography.Text strong>{crashCause(t, last)}</Typography.Text>
              <Tag color={outcomeColor(last)}>{crashOutcome(t, last)}</Tag>
            </Space>
          </section>
        ) : (
          <Typography.Text type="secondary">{latest.isLoading ? '…' : t('overview.crashes.none', 'No crashes recorded.')}</Typography.Text>
        )}
        {total > 0 ? <Button onClick={() => setHistoryOpen(true)}>{t('overview.crashes.showHistory', 'Crash history ({{count}})', { count: total })}</Button> : null}
        <Divider style={{ margin: '4px 0' }} />
        <Typography.Text type="secondary">
          {t('overview.crashes.policy.help', 'After a crash the panel starts the server again, waiting a little longer each time; if it crashes more often than allowed, it stays stopped.')}
        </Typography.Text>
        <CrashPolicyForm serverId={serverId} editable={permissions.includes('crash.update')} />
      </Space>
      <OnceOpened open={historyOpen}>
        <CrashHistoryDrawer serverId={serverId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
      </OnceOpened>
    </PlainCard>
  );
});
