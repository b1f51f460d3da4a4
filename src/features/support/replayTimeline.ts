import type { ActionLog } from './actionLogFormat';
import type { LoggedAction } from './redact';

type State = Record<string, unknown>;

/**
 * The states of a replayed log. Step 0 is the starting state; step n is the state after the
 * first n actions. States are computed on demand and kept (they share structure, so keeping
 * them all is cheap), so jumping back and forth costs nothing after the first visit.
 */
export class ReplayTimeline {
  private readonly states: State[];

  constructor(
    readonly log: ActionLog,
    private readonly reduce: (state: State, action: LoggedAction) => State,
  ) {
    this.states = [log.startState];
  }

  /** Number of actions; the last step. */
  get length(): number {
    return this.log.actions.length;
  }

  /** The state after `step` actions (clamped to 0…length). */
  stateAt(step: number): State {
    const target = Math.max(0, Math.min(this.length, Math.trunc(step)));
    for (let index = this.states.length; index <= target; index += 1) {
      this.states.push(this.reduce(this.states[index - 1], this.log.actions[index - 1]));
    }
    return this.states[target];
  }

  /** The action that led to `step` (none at step 0). */
  actionAt(step: number): LoggedAction | undefined {
    return step >= 1 ? this.log.actions[step - 1] : undefined;
  }

  /** When the action of `step` was dispatched (ms since 1970); the first action's time at step 0. */
  timeAt(step: number): number | undefined {
    return this.log.times[Math.max(0, Math.min(this.length, step) - 1)];
  }

  /** The panel address at `step`: the replayed router state, else the address at export. */
  locationAt(step: number): string {
    const router = this.stateAt(step).router as { location?: unknown } | undefined;
    return typeof router?.location === 'string' ? router.location : this.log.meta.location || '/';
  }
}
