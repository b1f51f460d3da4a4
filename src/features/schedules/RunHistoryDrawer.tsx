import { Drawer, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListServerScheduleRunsQuery, type Schedule, type ScheduleRun } from '../../api/schedules';
import { useTriggerEventText } from './triggerEventText';
import { useDateTime } from '../../core/session/useDateTime';
import { ResultTag } from './ResultTag';

/** Props of {@link RunHistoryDrawer}. */
export interface RunHistoryDrawerProps {
  serverId: string;
  schedule: Schedule | null;
  onClose: () => void;
}

/** The last 50 runs of a schedule with each task's outcome and output. */
export function RunHistoryDrawer({ serverId, schedule, onClose }: RunHistoryDrawerProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const eventText = useTriggerEventText();
  const triggerText = (run: ScheduleRun) =>
    run.trigger === 'event' && run.trigger_event
      ? t('tasks.history.onEvent', 'On event: {{event}}', { event: eventText(run.trigger_event) })
      : run.trigger === 'manual'
        ? t('tasks.history.manual', 'Run now')
        : run.trigger === 'catch-up'
          ? t('tasks.history.catchUp', 'Once the panel was back')
          : t('tasks.history.timed', 'On schedule');
  const runs = useListServerScheduleRunsQuery({ id: serverId, schedule: schedule?.uuid ?? '' }, { skip: !schedule, pollingInterval: 3000 });
  return (
    <Drawer open={!!schedule} onClose={onClose} title={t('tasks.history.title', 'History of {{name}}', { name: schedule?.name ?? '' })} size="large" destroyOnHidden>
      {!runs.data ? (
        <Skeleton active />
      ) : runs.data.data.length === 0 ? (
        <Empty description={t('tasks.history.empty', 'This schedule has not run yet.')} />
      ) : (
        <List
          dataSource={runs.data.data}
          renderItem={(run) => (
            <List.Item key={run.uuid}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <ResultTag result={run.result} />
                  <Typography.Text>{when(run.started_at)}</Typography.Text>
                  <Tag>{triggerText(run)}</Tag>
                </Space>
                {run.result === 'missed' ? (
                  <Typography.Text type="secondary">{t('tasks.history.missedText', 'The panel was not running at this time, so nothing ran.')}</Typography.Text>
                ) : (
                  run.error && <Typography.Text type={run.result === 'failed' ? 'danger' : 'secondary'}>{run.error}</Typography.Text>
                )}
                {run.tasks.map((task, index) => (
                  <div key={`${task.task}-${index}`}>
                    <Space wrap>
                      <ResultTag result={task.result} />
                      <Typography.Text code>
                        {task.action} {task.payload}
                      </Typography.Text>
                    </Space>
                    {task.error && (
                      <Typography.Paragraph type="danger" style={{ margin: 0 }}>
                        {task.error}
                      </Typography.Paragraph>
                    )}
                    {task.output && <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: '4px 0', fontSize: 12 }}>{task.output}</pre>}
                  </div>
                ))}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
