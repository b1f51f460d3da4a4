import { Space, Switch, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useTranslation } from 'react-i18next';
import { useGetServerSleepQuery, useUpdateServerSleepMutation } from '../../api/players';
import { PlainSelect } from '../../components/PlainSelect';

const MINUTES = [5, 10, 15, 30, 60, 120];

/** Props of {@link SleepSettingsCard}. */
export interface SleepSettingsCardProps {
  serverId: string;
  canManage: boolean;
}

/** "Stop when nobody has played for N minutes" and "start when someone joins". */
export function SleepSettingsCard({ serverId, canManage }: SleepSettingsCardProps) {
  const { t } = useTranslation();
  const sleep = useGetServerSleepQuery({ id: serverId }, { pollingInterval: 5000, skipPollingIfUnfocused: false });
  const [update, { isLoading }] = useUpdateServerSleepMutation();
  const data = sleep.data?.data;
  if (!data) return null;
  const save = (change: Partial<{ auto_stop_minutes: number | null; wake_on_join: boolean }>) =>
    void update({ id: serverId, body: { auto_stop_minutes: data.auto_stop_minutes, wake_on_join: data.wake_on_join, ...change } });
  return (
    <PlainCard size="small" title={t('players.sleep.title', 'Sleep and wake-up')} extra={data.sleeping && <Tag color="purple">{t('players.sleep.sleeping', 'Sleeping')}</Tag>}>
      <Space direction="vertical">
        <Space wrap>
          <span id="auto-stop-label">{t('players.sleep.autoStop', 'Stop when nobody has played for')}</span>
          <PlainSelect
            aria-labelledby="auto-stop-label"
            style={{ minWidth: 140 }}
            disabled={!canManage || isLoading}
            value={data.auto_stop_minutes ?? 0}
            onChange={(value) => save({ auto_stop_minutes: value === 0 ? null : value })}
            options={[{ value: 0, label: t('players.sleep.off', 'Off') }, ...MINUTES.map((m) => ({ value: m, label: t('players.sleep.minutes', '{{count}} minutes', { count: m }) }))]}
          />
        </Space>
        <Space wrap>
          <Switch aria-labelledby="wake-label" checked={data.wake_on_join} disabled={!canManage || isLoading} onChange={(wake_on_join) => save({ wake_on_join })} />
          <span id="wake-label">{t('players.sleep.wake', 'Start when someone joins')}</span>
        </Space>
        <Typography.Text type="secondary">
          {t('players.sleep.help', 'While the server is stopped, the server list shows it as sleeping; the first player to join starts it and is asked to rejoin a few seconds later.')}
        </Typography.Text>
      </Space>
    </PlainCard>
  );
}
