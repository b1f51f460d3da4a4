import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined, StepForwardOutlined } from '@ant-design/icons';
import { Button, Select, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReplayTimeline } from '../../features/support/replayTimeline';
import { REPLAY_SPEEDS, type ReplayPlayer } from './useReplayPlayer';

/** Props of {@link ReplayControls}. */
export interface ReplayControlsProps {
  timeline: ReplayTimeline;
  player: ReplayPlayer;
}

/** The timeline: play, pause, step back and forward, jump (slider or action list) and speed. */
export function ReplayControls({ timeline, player }: ReplayControlsProps) {
  const { t } = useTranslation();
  const { step, playing } = player;
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Space wrap>
        <Button icon={<StepBackwardOutlined />} aria-label={t('support.replay.back', 'Step back')} disabled={step <= 0} onClick={() => player.stepBy(-1)} />
        {playing ? (
          <Button icon={<PauseOutlined />} onClick={player.pause}>
            {t('support.replay.pause', 'Pause')}
          </Button>
        ) : (
          <Button type="primary" icon={<CaretRightOutlined />} onClick={player.play}>
            {t('support.replay.play', 'Play')}
          </Button>
        )}
        <Button icon={<StepForwardOutlined />} aria-label={t('support.replay.forward', 'Step forward')} disabled={step >= timeline.length} onClick={() => player.stepBy(1)} />
        <Select
          aria-label={t('support.replay.speed', 'Speed')}
          value={player.speed}
          onChange={player.setSpeed}
          options={REPLAY_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
          style={{ width: 90 }}
        />
        <Typography.Text data-testid="replay-position">{t('support.replay.position', 'Step {{step}} of {{count}}', { step, count: timeline.length })}</Typography.Text>
      </Space>
      <Slider min={0} max={timeline.length} value={step} onChange={player.jump} aria-label={t('support.replay.jump', 'Jump to a step')} />
      <ol aria-label={t('support.replay.actions', 'Actions')} style={{ maxHeight: 160, overflow: 'auto', margin: 0, paddingInlineStart: 40, fontSize: 12, fontFamily: 'monospace' }}>
        {timeline.log.actions.map((action, index) => (
          <li key={index} aria-current={index + 1 === step ? 'step' : undefined} style={{ fontWeight: index + 1 === step ? 700 : 400 }}>
            <button type="button" onClick={() => player.jump(index + 1)} style={{ background: 'none', border: 0, padding: 0, color: 'inherit', cursor: 'pointer', font: 'inherit' }}>
              {action.type}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
