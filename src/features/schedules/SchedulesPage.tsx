import { CaretRightOutlined, DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessNotification } from '../../core/notifications/useSuccessNotification';
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../api/apiError';
import { useDeleteServerScheduleMutation, useListServerSchedulesQuery, useRunServerScheduleMutation, useUpdateServerScheduleMutation, type Schedule } from '../../api/schedules';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useDateTime } from '../../core/session/useDateTime';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { OnceOpened } from '../../components/OnceOpened';
import { cronExpression } from './cronDescription';
import { ResultTag } from './ResultTag';
import { useCronDescriber } from './useCronDescriber';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The dialog and the history load when first opened: with them come antd's Modal, Form and Drawer, which the list does not need.
const ScheduleDialog = lazy(() => import('./ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })));
const RunHistoryDrawer = lazy(() => import('./RunHistoryDrawer').then((m) => ({ default: m.RunHistoryDrawer })));

/**
 * /server/{id}/tasks: the server's schedules with their cron expression in words, next time and
 * last result; create, edit, enable or disable, run now, history and delete.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const when = useDateTime();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const can = (key: string) => permissions.includes(key);
  const canRead = can('schedule.read');
  const schedules = useListServerSchedulesQuery({ id }, { skip: !canRead });
  const running = (schedules.data?.data ?? []).some((schedule) => schedule.last_result === 'running');
  // Refresh now and then: timed runs happen without a click, and the last result should show it.
  useListServerSchedulesQuery({ id }, { skip: !canRead, pollingInterval: running ? 2000 : 15000 });
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [history, setHistory] = useState<Schedule | null>(null);
  const [update] = useUpdateServerScheduleMutation();
  const [remove, removal] = useDeleteServerScheduleMutation();
  const [run, runState] = useRunServerScheduleMutation();
  const notifySuccess = useSuccessNotification();
  const runNow = async (schedule: Schedule) => {
    const result = await run({ id, schedule: schedule.uuid });
    if (!('error' in result)) notifySuccess(t('tasks.ranNow.title', 'Schedule started'), t('tasks.ranNow.text', '“{{name}}” is running now; its History shows how it went.', { name: schedule.name }));
  };
  // The list waits for the schedules' descriptions in the user's language (loaded alongside the list).
  const describe = useCronDescriber();
  const title = t('tasks.title', 'Scheduled tasks');

  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('tasks.forbidden', 'You may not see the schedules of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !schedules.data || !describe) {
    const failed = server.error ?? schedules.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? schedules.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }
  const { data: list, meta } = schedules.data;
  const failure = removal.error ?? runState.error;

  return (
    <ServerPageSection
      title={title}
      badge={<Typography.Text type="secondary">{t('tasks.count', '{{count}} of {{limit}}', { count: list.length, limit: meta.limit })}</Typography.Text>}
      actions={
        can('schedule.create') ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={list.length >= meta.limit} onClick={() => setEditing('new')}>
            {t('tasks.create', 'New schedule')}
          </Button>
        ) : undefined
      }
    >
      {failure ? <Alert type="error" showIcon title={apiErrorMessage(failure) ?? t('tasks.actionFailed', 'That did not work.')} /> : null}
      <ResponsiveTable<Schedule>
        rowKey="uuid"
        rowLabel={(schedule) => schedule.name}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: <Empty description={t('tasks.empty', 'No schedules yet.')} /> }}
        columns={[
          { title: t('tasks.column.name', 'Name'), key: 'name', render: (_, schedule) => schedule.name },
          {
            title: t('tasks.column.when', 'When'),
            key: 'when',
            render: (_, schedule) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{describe(schedule) ?? cronExpression(schedule)}</Typography.Text>
                <Typography.Text type="secondary" code>
                  {cronExpression(schedule)} · {schedule.timezone}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('tasks.column.next', 'Next run'),
            key: 'next',
            render: (_, schedule) =>
              schedule.next_runs.length > 0 ? (
                <Tooltip title={schedule.next_runs.map((time) => when(time)).join('\n')}>
                  <span>{when(schedule.next_runs[0])}</span>
                </Tooltip>
              ) : (
                '—'
              ),
          },
          {
            title: t('tasks.column.last', 'Last run'),
            key: 'last',
            render: (_, schedule) => (
              <Space direction="vertical" size={0}>
                <Space wrap>
                  <ResultTag result={schedule.last_result} />
                  {schedule.last_run_at && <Typography.Text type="secondary">{when(schedule.last_run_at)}</Typography.Text>}
                </Space>
                {schedule.last_result === 'missed' ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('tasks.history.missedText', 'The panel was not running at this time, so nothing ran.')}
                  </Typography.Text>
                ) : (
                  schedule.last_error && (
                    <Typography.Text type={schedule.last_result === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                      {schedule.last_error}
                    </Typography.Text>
                  )
                )}
              </Space>
            ),
          },
          {
            title: t('tasks.column.enabled', 'Enabled'),
            key: 'enabled',
            render: (_, schedule) => (
              <Switch
                checked={schedule.enabled}
                disabled={!can('schedule.update')}
                aria-label={t('tasks.enabledFor', 'Enabled: {{name}}', { name: schedule.name })}
                onChange={(enabled) => void update({ id, schedule: schedule.uuid, body: { enabled } })}
              />
            ),
          },
          {
            title: t('tasks.column.actions', 'Actions'),
            key: 'actions',
            render: (_, schedule) => (
              <Space wrap>
                {can('schedule.update') && (
                  <Button size="small" icon={<CaretRightOutlined />} onClick={() => void runNow(schedule)}>
                    {t('tasks.runNow', 'Run now')}
                  </Button>
                )}
                <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(schedule)}>
                  {t('tasks.history.open', 'History')}
                </Button>
                {can('schedule.update') && (
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(schedule)}>
                    {t('tasks.edit', 'Edit')}
                  </Button>
                )}
                {can('schedule.delete') && (
                  <Popconfirm
                    title={t('tasks.deleteConfirm', 'Delete this schedule and its history?')}
                    okText={t('tasks.delete', 'Delete')}
                    cancelText={t('tasks.cancel', 'Cancel')}
                    onConfirm={() => void remove({ id, schedule: schedule.uuid })}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('tasks.delete', 'Delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <OnceOpened open={editing !== null}>
        <ScheduleDialog serverId={id} open={editing !== null} schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened open={history !== null}>
        <RunHistoryDrawer serverId={id} schedule={history ? (list.find((schedule) => schedule.uuid === history.uuid) ?? history) : null} onClose={() => setHistory(null)} />
      </OnceOpened>
    </ServerPageSection>
  );
}
