import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PowerState, Server } from '../../api/servers';
import { over, toHex } from '../../themes/contrast';
import { tagFontSize, tagLineHeight } from '../../themes/createPanelTheme';
import { usePanelToken, type PanelToken } from '../../themes/themeTokens';

/** What a server's badge shows: its power state, or why it cannot run. */
export type ServerBadgeState = PowerState | NonNullable<Server['status']>;

/** The colour family of each state, as antd's Tag names them (`processing` is drawn in the info colours). */
const colours: Record<ServerBadgeState, 'success' | 'processing' | 'warning' | 'error' | 'default'> = {
  running: 'success',
  starting: 'processing',
  stopping: 'warning',
  offline: 'default',
  node_offline: 'warning',
  transferring: 'processing',
  installing: 'processing',
  install_failed: 'error',
  suspended: 'error',
};

/** Text and background of a colour family, as antd's filled Tag draws them. */
function tagColours(token: PanelToken, family: (typeof colours)[ServerBadgeState]): { color: string; background: string } {
  switch (family) {
    case 'success':
      return { color: token.colorSuccess, background: token.colorSuccessBg };
    case 'processing':
      return { color: token.colorInfo, background: token.colorInfoBg };
    case 'warning':
      return { color: token.colorWarning, background: token.colorWarningBg };
    case 'error':
      return { color: token.colorError, background: token.colorErrorBg };
    case 'default':
      return { color: token.colorText, background: toHex(over(token.colorFillTertiary, token.colorBgContainer)) };
  }
}

/** The translated name of a badge state. */
export function serverStateLabel(t: TFunction, state: ServerBadgeState): string {
  switch (state) {
    case 'running':
      return t('server.state.running', 'Running');
    case 'starting':
      return t('server.state.starting', 'Starting');
    case 'stopping':
      return t('server.state.stopping', 'Stopping');
    case 'offline':
      return t('server.state.offline', 'Offline');
    case 'node_offline':
      return t('fleet.state.nodeOffline', 'Node offline');
    case 'transferring':
      return t('fleet.state.transferring', 'Transferring');
    case 'installing':
      return t('server.state.installing', 'Installing');
    case 'install_failed':
      return t('server.state.installFailed', 'Install failed');
    case 'suspended':
      return t('server.state.suspended', 'Suspended');
  }
}

/**
 * The badge state of a server: a blocking status wins over the (live) power state, except a stale
 * "installing": a game that starts or runs has finished installing, though a list read during the
 * install still says so until it is read again.
 */
export function badgeState(status: Server['status'], state: PowerState): ServerBadgeState {
  if (status === 'installing' && (state === 'starting' || state === 'running')) return state;
  return status ?? state;
}

/** Props of {@link ServerStateTag}. */
export interface ServerStateTagProps {
  state: ServerBadgeState;
}

/**
 * A coloured tag naming a server's state, drawn as antd's filled Tag (the theme's status colours,
 * 32 px high). Plain: the dashboard, the overview and the console show it in their first render,
 * and antd's Tag made each of them build about 7 KB of tag styles for it then.
 */
export function ServerStateTag({ state }: ServerStateTagProps) {
  const { t } = useTranslation();
  const token = usePanelToken();
  return (
    <span
      className="panel-state-tag"
      data-state={state}
      style={{
        ...tagColours(token, colours[state]),
        display: 'inline-block',
        boxSizing: 'border-box',
        margin: 0,
        paddingBlock: 0,
        paddingInline: 8 - token.lineWidth,
        fontFamily: token.fontFamily,
        fontSize: tagFontSize,
        lineHeight: tagLineHeight,
        whiteSpace: 'nowrap',
        border: `${token.lineWidth}px ${token.lineType} transparent`,
        borderRadius: token.borderRadiusSM,
        transition: `all ${token.motionDurationMid}`,
      }}
    >
      {serverStateLabel(t, state)}
    </span>
  );
}
