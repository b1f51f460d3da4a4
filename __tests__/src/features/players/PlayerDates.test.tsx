import { configure, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { PlayersPage } from '../../../../src/features/players/PlayersPage';
import { gameDateToIso } from '../../../../src/features/players/gameDate';
import { formatDateTime } from '../../../../src/i18n/formatDateTime';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const players = {
  supported: true,
  unsupported_reason: null,
  state: 'offline',
  online_mode: false,
  max_players: 20,
  online: [],
  whitelist: { enabled: false, entries: [] },
  ops: [],
  bans: [{ name: 'Griefer', uuid: '66666666-7777-3888-9999-000000000000', reason: 'Burnt the village', source: 'owner', created: '2026-11-23 20:00:00 +0000', expires: '2026-12-01 08:30:00 +0100' }],
  ip_bans: [{ ip: '203.0.113.9', reason: 'Spam', source: 'owner', created: '2026-11-22 21:15:00 +0000', expires: null }],
};

describe('dates of the ban lists', () => {
  it('reads the game’s own date format as an instant, and leaves other text alone', () => {
    expect(new Date(gameDateToIso('2026-11-23 20:00:00 +0000')).toISOString()).toBe('2026-11-23T20:00:00.000Z');
    expect(new Date(gameDateToIso('2026-12-01 08:30:00 +0100')).toISOString()).toBe('2026-12-01T07:30:00.000Z');
    expect(gameDateToIso('some day')).toBe('some day');
  });

  it('shows them through the panel’s formatter with the user’s 12-hour clock, not as the game wrote them', async () => {
    mockFetch({
      'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['players.read'] }) } },
      'GET /api/v2/servers/s1/players': { status: 200, body: { data: players } },
      'GET /api/v2/servers/s1/players/sleep': { status: 200, body: { data: { auto_stop_minutes: null, wake_on_join: false, sleeping: false } } },
    });
    renderWithProviders(
      <Routes>
        <Route path="/server/:id/players" element={<PlayersPage />} />
      </Routes>,
      { route: '/server/s1/players', preloadedState: loggedIn(makeUser({ time_format: 12 })) },
    );
    expect(await screen.findByText('Burnt the village')).toBeInTheDocument();
    const banned = formatDateTime('2026-11-23T20:00:00Z', 'en', 12);
    expect(banned).toMatch(/PM/);
    expect(screen.getByText(banned)).toBeInTheDocument();
    expect(screen.getByText(formatDateTime('2026-12-01T07:30:00Z', 'en', 12))).toBeInTheDocument();
    expect(screen.getByText(formatDateTime('2026-11-22T21:15:00Z', 'en', 12))).toBeInTheDocument();
    expect(screen.queryByText('2026-11-23 20:00:00 +0000')).not.toBeInTheDocument();
  });
});
