import { screen } from '@testing-library/react';
import { ServerStateTag, type ServerBadgeState } from '../../../../src/widgets/server/ServerStateTag';
import { loggedIn } from '../../helpers/fixtures';
import { renderWithProviders } from '../../renderWithProviders';

const styleOf = (label: string) => screen.getByText(label).style;

describe('the server state tag', () => {
  it('draws each family of states in its own colours, the same within a family, 32 px high', () => {
    const states: ServerBadgeState[] = ['running', 'starting', 'installing', 'stopping', 'offline', 'install_failed', 'suspended'];
    renderWithProviders(
      <>
        {states.map((state) => (
          <ServerStateTag key={state} state={state} />
        ))}
      </>,
      { preloadedState: loggedIn() },
    );
    const [running, starting, installing, stopping, offline, failed, suspended] = ['Running', 'Starting', 'Installing', 'Stopping', 'Offline', 'Install failed', 'Suspended'].map(styleOf);
    const families = [running, starting, stopping, offline, failed].map((style) => `${style.color} on ${style.backgroundColor}`);
    expect(new Set(families).size).toBe(5);
    expect(installing.color).toBe(starting.color);
    expect(suspended.backgroundColor).toBe(failed.backgroundColor);
    for (const style of [running, offline]) {
      expect(style.color).not.toBe('');
      expect(style.backgroundColor).not.toBe('');
      expect(style.fontSize).toBe('12px');
      expect(Number(style.lineHeight) * 12).toBe(30);
    }
    expect(screen.getByText('Offline')).toHaveAttribute('data-state', 'offline');
  });
});
