import PauseCircleOutlined from '@ant-design/icons-svg/es/asn/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import PoweroffOutlined from '@ant-design/icons-svg/es/asn/PoweroffOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/apiError';
import { lazyPage } from '../../components/lazyPage';
import { useSendServerPowerMutation, type PowerSignal, type PowerState } from '../../api/servers';
import { powerButtons } from './powerButtonRules';
import { useHangClock } from './useHangClock';
import { LazyAlert } from '../../components/LazyAlert';
import { PlainIcon } from '../../components/PlainIcon';

const PowerConfirmDialog = lazyPage(() => import('../../components/server/PowerConfirmDialog').then((m) => ({ default: m.PowerConfirmDialog })));
/** Fetches the question's code as a pointer or the keyboard reaches a button that asks it, so it opens at once on the click. */
const preloadConfirm = { onPointerEnter: () => void PowerConfirmDialog.preload(), onFocus: () => void PowerConfirmDialog.preload() };

/** Props of {@link PowerControls}. */
export interface PowerControlsProps {
  serverId: string;
  state: PowerState;
  stateSince: number | null;
  permissions: readonly string[];
  /** The server cannot run (installing, install failed, suspended). */
  blocked: boolean;
  /** The user's preference: ask before a restart. */
  confirmRestart: boolean;
}

type Confirming = Extract<PowerSignal, 'restart' | 'kill'> | null;

/**
 * Start, restart and stop. A restart asks first when the user wants that; while a stop hangs the
 * stop button becomes kill, which always asks (it ends the process without saving).
 */
export function PowerControls({ serverId, state, stateSince, permissions, blocked, confirmRestart }: PowerControlsProps) {
  const { t } = useTranslation();
  const [sendPower, { isLoading, error, reset }] = useSendServerPowerMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const now = useHangClock(state, stateSince);
  const buttons = powerButtons({ state, stateSince, now, permissions, blocked });

  const run = (signal: PowerSignal) => {
    setConfirming(null);
    reset();
    void sendPower({ id: serverId, body: { signal } });
  };
  const failure = error ? (apiErrorMessage(error) ?? t('console.power.failed', 'The power action failed. Try again.')) : null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button icon={<PlainIcon icon={PlayCircleOutlined} aria-hidden />} type="primary" disabled={!buttons.start || isLoading} onClick={() => run('start')}>
          {t('console.power.start', 'Start')}
        </Button>
        <Button
          {...(confirmRestart ? preloadConfirm : {})}
          icon={<PlainIcon icon={ReloadOutlined} aria-hidden />}
          disabled={!buttons.restart || isLoading}
          onClick={() => (confirmRestart ? setConfirming('restart') : run('restart'))}
        >
          {t('console.power.restart', 'Restart')}
        </Button>
        {buttons.stopAction === 'kill' ? (
          <Button {...preloadConfirm} icon={<PlainIcon icon={PoweroffOutlined} aria-hidden />} danger type="primary" disabled={!buttons.stop || isLoading} onClick={() => setConfirming('kill')}>
            {t('console.power.kill', 'Kill')}
          </Button>
        ) : (
          <Button
            icon={buttons.stopping ? <PlainIcon icon={PauseCircleOutlined} aria-hidden /> : <PlainIcon icon={StopOutlined} aria-hidden />}
            danger
            disabled={!buttons.stop || isLoading}
            loading={buttons.stopping}
            onClick={() => run('stop')}
          >
            {buttons.stopping ? t('console.power.stopping', 'Stopping…') : t('console.power.stop', 'Stop')}
          </Button>
        )}
      </div>
      {failure ? <LazyAlert type="error" showIcon title={failure} closable={{ onClose: reset }} /> : null}
      {confirming ? (
        <Suspense fallback={null}>
          <PowerConfirmDialog signal={confirming} onConfirm={run} onCancel={() => setConfirming(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
