import { badgeState } from '../../../../src/widgets/server/ServerStateTag';

describe('a server badge', () => {
  it('shows a blocking status over the power state', () => {
    expect(badgeState('suspended', 'running')).toBe('suspended');
    expect(badgeState('install_failed', 'offline')).toBe('install_failed');
    expect(badgeState('installing', 'offline')).toBe('installing');
    expect(badgeState(null, 'stopping')).toBe('stopping');
  });

  it('does not keep a stale "installing" once the game starts or runs', () => {
    expect(badgeState('installing', 'starting')).toBe('starting');
    expect(badgeState('installing', 'running')).toBe('running');
  });
});
