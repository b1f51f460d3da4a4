import { stopKillTimer } from '../../../server/src/runtime/stopKillTimer';

// The stop request is awaited before the timer is set, and the server may exit (and be started
// again, by a restart) in that time: the timer must then leave the next run alone.
describe('the stop timeout kill', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('kills a run still stopping once the timeout passes, saying so in seconds', () => {
    const kill = jest.fn();
    stopKillTimer(30_000, () => true, kill);
    jest.advanceTimersByTime(29_999);
    expect(kill).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(kill).toHaveBeenCalledWith('The server did not stop within 30 s; killing it.');
  });

  it('does not kill once the run it was set for has ended, even when a new run started meanwhile', () => {
    let run = 1;
    const kill = jest.fn();
    const stopping = run;
    stopKillTimer(1_500, () => run === stopping, kill);
    run = 2; // the old run exited while its stop request was on its way, and a restart started the next
    jest.advanceTimersByTime(5_000);
    expect(kill).not.toHaveBeenCalled();
  });

  it('asks whether the run still stops when the timeout passes, not when it is set', () => {
    let stopping = false;
    const kill = jest.fn();
    stopKillTimer(1_000, () => stopping, kill);
    stopping = true;
    jest.advanceTimersByTime(1_000);
    expect(kill).toHaveBeenCalledTimes(1);
  });

  it('does not hold the process open', () => {
    const timer = stopKillTimer(1_000, () => false, jest.fn());
    expect(timer.hasRef()).toBe(false);
    clearTimeout(timer);
  });
});
