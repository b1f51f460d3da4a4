import { Alert, Typography } from 'antd';
import type { i18n as I18n } from 'i18next';
import { useContext, useState, type ChangeEvent, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ACTION_LOG_BYTES } from '../../features/support/actionLogFormat';
import { ActionLogError, parseActionLog, type ActionLogProblem } from '../../features/support/parseActionLog';
import { ReplayTimeline } from '../../features/support/replayTimeline';
import { ReplayControls } from './ReplayControls';
import { replayReducer } from './replayReducer';
import { ReplayRouterContext } from './replayRouter';
import { ReplayScreen } from './ReplayScreen';
import { ReplaySidePanel } from './ReplaySidePanel';
import { useReplayPlayer } from './useReplayPlayer';

function ReplayView({ timeline, i18n, router }: { timeline: ReplayTimeline; i18n?: I18n; router: ComponentType }) {
  const player = useReplayPlayer(timeline);
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <ReplayControls timeline={timeline} player={player} />
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 1fr)', gap: 16, alignItems: 'start' }}>
        <div style={{ height: '75vh', border: '1px solid var(--panel-card-border)', borderRadius: 8, overflow: 'hidden' }}>
          <ReplayScreen timeline={timeline} step={player.step} i18n={i18n} router={router} />
        </div>
        <ReplaySidePanel timeline={timeline} step={player.step} />
      </div>
    </div>
  );
}

/** Props of {@link SupportReplayPage}. */
export interface SupportReplayPageProps {
  /** The i18next instance the replayed screens clone (tests pass theirs). */
  i18n?: I18n;
  /** The panel's router to replay the screens with; by default the one AppRouter provides. */
  router?: ComponentType;
}

/**
 * /support/replay: support staff open a customer's action log and step through it, seeing the
 * customer's own screens at each step. Nothing here calls the API.
 */
export function SupportReplayPage({ i18n, router }: SupportReplayPageProps) {
  const { t } = useTranslation();
  const provided = useContext(ReplayRouterContext);
  const replayRouter = router ?? provided;
  if (!replayRouter) throw new Error('SupportReplayPage needs the panel router: render it inside AppRouter or pass `router`.');
  const [timeline, setTimeline] = useState<ReplayTimeline | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const messages: Record<ActionLogProblem, string> = {
    tooLarge: t('support.replay.errors.tooLarge', 'This file is too large to be an action log.'),
    notJson: t('support.replay.errors.notJson', 'This file is not an action log (it is not JSON).'),
    notActionLog: t('support.replay.errors.notActionLog', 'This file is not an action log of this panel.'),
    version: t('support.replay.errors.version', 'This action log was made by a different version of the panel and cannot be replayed here.'),
    damaged: t('support.replay.errors.damaged', 'This action log is damaged and cannot be replayed.'),
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setTimeline(null);
    try {
      // Checked before reading: a huge file is refused without loading it.
      if (file.size > MAX_ACTION_LOG_BYTES) throw new ActionLogError('tooLarge', messages.tooLarge);
      setTimeline(new ReplayTimeline(parseActionLog(await file.text()), replayReducer));
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ActionLogError ? `${messages[error.problem]} ${error.message}` : messages.damaged);
    }
  };

  return (
    <section style={{ width: 'min(1600px, 100%)', alignSelf: 'start', display: 'grid', gap: 16, padding: 8 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('support.replay.title', 'Replay a recorded session')}
      </Typography.Title>
      <label style={{ display: 'grid', gap: 4 }}>
        {t('support.replay.open', 'Action log file')}
        <input type="file" accept="application/json,.json" onChange={(event) => void open(event)} />
      </label>
      {problem ? <Alert type="error" showIcon title={problem} role="alert" /> : null}
      {timeline ? (
        <>
          <Typography.Text type="secondary" data-testid="replay-summary">
            {t('support.replay.summary', '{{count}} actions · build {{build}} · {{browser}} · exported {{at}}', {
              count: timeline.length,
              build: timeline.log.meta.buildId,
              browser: timeline.log.meta.browser,
              at: timeline.log.meta.exportedAt,
            })}
          </Typography.Text>
          <ReplayView key={timeline.log.meta.exportedAt + timeline.length} timeline={timeline} i18n={i18n} router={replayRouter} />
        </>
      ) : null}
    </section>
  );
}
