import { Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayTimeline } from '../../features/support/replayTimeline';
import { stateDiff } from '../../features/support/stateDiff';

/** Props of {@link ReplaySidePanel}. */
export interface ReplaySidePanelProps {
  timeline: ReplayTimeline;
  step: number;
}

const codeStyle = { fontSize: 12, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** The action of the chosen step and what it changed in the state. */
export function ReplaySidePanel({ timeline, step }: ReplaySidePanelProps) {
  const { t } = useTranslation();
  const action = timeline.actionAt(step);
  const changes = useMemo(() => (step > 0 ? stateDiff(timeline.stateAt(step - 1), timeline.stateAt(step)) : []), [timeline, step]);
  const at = timeline.timeAt(step);
  return (
    <aside aria-label={t('support.replay.details', 'Action and changes')} style={{ display: 'grid', gap: 12, alignContent: 'start', minWidth: 0 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {action ? action.type : t('support.replay.start', 'Starting state')}
      </Typography.Title>
      {at ? <Typography.Text type="secondary">{new Date(at).toISOString()}</Typography.Text> : null}
      {action ? (
        <pre style={codeStyle} aria-label={t('support.replay.action', 'Action')}>
          {JSON.stringify(action, null, 2)}
        </pre>
      ) : null}
      <Typography.Text strong>{t('support.replay.changes', 'State changes')}</Typography.Text>
      {changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('support.replay.noChanges', 'No changes')} />
      ) : (
        <ul aria-label={t('support.replay.changes', 'State changes')} style={{ margin: 0, paddingInlineStart: 16, fontSize: 12, fontFamily: 'monospace' }}>
          {changes.map((change) => (
            <li key={change.path} data-kind={change.kind}>
              <strong>{change.path}</strong>: {change.kind === 'added' ? '' : short(change.before)} → {change.kind === 'removed' ? '' : short(change.after)}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
