import type { PowerSignal, PowerState } from '../../api/servers';

/** A stop that has not finished after this long counts as hanging: the stop button becomes kill. */
export const STOP_HANG_MS = 10_000;

/** What decides which power buttons can be used. */
export interface PowerSituation {
  /** The server's power state (live when the socket has reported it). */
  state: PowerState;
  /** Since when it has been in that state, ms since the epoch (null: unknown). */
  stateSince: number | null;
  now: number;
  /** Permission keys the user holds on the server. */
  permissions: readonly string[];
  /** The server cannot run at all (installing, install failed, suspended). */
  blocked: boolean;
}

/** The power buttons' state. */
export interface PowerButtons {
  start: boolean;
  restart: boolean;
  /** What the stop button does right now: stop, or (while a stop hangs) kill. */
  stopAction: Extract<PowerSignal, 'stop' | 'kill'>;
  stop: boolean;
  /** The server is stopping and it is too early to call it hanging. */
  stopping: boolean;
}

/** Whether the stop in progress has hung long enough to offer a kill. */
export function stopHangs({ state, stateSince, now }: Pick<PowerSituation, 'state' | 'stateSince' | 'now'>): boolean {
  return state === 'stopping' && stateSince !== null && now - stateSince >= STOP_HANG_MS;
}

/** How long until the stop in progress counts as hanging (null when not stopping). */
export function msUntilStopHangs({ state, stateSince, now }: Pick<PowerSituation, 'state' | 'stateSince' | 'now'>): number | null {
  if (state !== 'stopping' || stateSince === null) return null;
  return Math.max(0, stateSince + STOP_HANG_MS - now);
}

/**
 * The power rules: start an offline server; restart or stop one that is starting or running;
 * while a stop is under way the stop button waits, and once the stop hangs it becomes kill.
 * Each needs its permission (control.start, control.restart, control.stop); nothing runs on a
 * blocked server.
 */
export function powerButtons(situation: PowerSituation): PowerButtons {
  const { state, permissions, blocked } = situation;
  const may = (key: string) => !blocked && permissions.includes(key);
  const active = state === 'running' || state === 'starting';
  const hanging = stopHangs(situation);
  return {
    start: state === 'offline' && may('control.start'),
    restart: active && may('control.restart'),
    stopAction: hanging ? 'kill' : 'stop',
    stop: (active || hanging) && may('control.stop'),
    stopping: state === 'stopping' && !hanging,
  };
}
