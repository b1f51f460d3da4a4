import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { NetworkPage } from '../../../../src/features/network/NetworkPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(240_000);
allowUpdatesOutsideAct();

const network = {
  host: 'mc.example.com',
  ports: [
    { id: 1, ip: '0.0.0.0', port: 25565, host: 'mc.example.com', primary: true, purpose: null, notes: null },
    { id: 7, ip: '0.0.0.0', port: 25601, host: 'mc.example.com', primary: false, purpose: null, notes: 'Dynmap web map' },
  ],
  extra_ports: { limit: 3, used: 1 },
  subdomain: { label: 'survival', zone: 'play.example.com', address: 'survival.play.example.com', srv_record: '_minecraft._tcp.survival.play.example.com' },
  zones: ['play.example.com'],
};

it('the Network page is recorded and plays back in the support replay, without calling the API', async () => {
  mockFetch({
    'GET /api/v2/servers/s1': {
      status: 200,
      body: { data: makeServer({ state: 'running', permissions: ['allocation.read', 'allocation.create', 'allocation.update', 'allocation.delete', 'allocation.subdomain'] }) },
    },
    'GET /api/v2/servers/s1/network': { status: 200, body: { data: network } },
  });
  const recorded = makeStore(loggedIn());
  recorded.dispatch(locationChanged('/server/s1/network'));
  const again = renderWithProviders(
    <Routes>
      <Route path="/server/:id/network" element={<NetworkPage />} />
    </Routes>,
    { route: '/server/s1/network', store: recorded },
  );
  expect(await screen.findAllByText('survival.play.example.com')).not.toHaveLength(0);
  expect(screen.getByDisplayValue('Dynmap web map')).toBeInTheDocument();
  expect(screen.getByText('A new primary port takes effect at the next start of the server.')).toBeInTheDocument();
  const text = actionLogText(buildActionLog(readRecording(recorded.dispatch)!, recorded.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  again.unmount();

  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', '/server/s1/network');
    expect(await within(replayed).findByText('1 of 3 extra ports')).toBeInTheDocument();
    expect(within(replayed).getAllByText('survival.play.example.com').length).toBeGreaterThan(0);
    expect(within(replayed).getByText('mc.example.com:25601')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});
