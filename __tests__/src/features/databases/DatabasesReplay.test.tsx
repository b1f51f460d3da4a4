import { configure, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { DatabasesPage } from '../../../../src/features/databases/DatabasesPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);

const PASSWORD = 'Zq8vR2mK5tW9xY3bN7cP1dF4gH6jL0sA';
const database = {
  uuid: '0c8b7a52-3b1e-4f4e-9d8a-2f6c1e0a9b11',
  name: 's7_luckperms',
  username: 'u7_k3j9x2m1qa',
  host: 'db.example.com',
  port: 3306,
  connections_from: '%',
  created_at: '2026-11-24T01:00:00.000Z',
};

it('the Databases page is recorded without the password and plays back in the support replay', async () => {
  const permissions = ['database.read', 'database.create', 'database.update', 'database.delete', 'database.view_password'];
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions }) } },
    'GET /api/v2/servers/s1/databases': { status: 200, body: { data: [database], meta: { limit: 2, available: true } } },
    [`GET /api/v2/servers/s1/databases/${database.uuid}/password`]: { status: 200, body: { data: { password: PASSWORD } } },
  });
  const store = makeStore(loggedIn());
  store.dispatch(locationChanged('/server/s1/database'));
  const customer = renderWithProviders(
    <Routes>
      <Route path="/server/:id/database" element={<DatabasesPage />} />
    </Routes>,
    { route: '/server/s1/database', store },
  );
  const card = await screen.findByRole('region', { name: 'Database s7_luckperms' });
  expect(within(card).getByText('jdbc:mysql://db.example.com:3306/s7_luckperms')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy JDBC URL' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy User' })).toBeInTheDocument();
  // The customer shows the password: it is on the page, but never in the recording.
  fireEvent.click(within(card).getByRole('button', { name: 'Show password' }));
  expect(await within(card).findByText(PASSWORD)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Copy Password' })).toBeInTheDocument();
  const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  expect(text).not.toContain(PASSWORD);
  expect(text).toContain('s7_luckperms');
  customer.unmount();

  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', '/server/s1/database');
    const replayedCard = await within(replayed).findByRole('region', { name: 'Database s7_luckperms' });
    expect(within(replayedCard).getByText('u7_k3j9x2m1qa')).toBeInTheDocument();
    expect(within(replayedCard).getByText('jdbc:mysql://db.example.com:3306/s7_luckperms')).toBeInTheDocument();
    expect(within(replayed).queryByText(PASSWORD)).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});

it('says that the host has not set up databases, with no buttons, when no database host serves the server', async () => {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['database.read', 'database.create'] }) } },
    'GET /api/v2/servers/s1/databases': { status: 200, body: { data: [], meta: { limit: 1, available: false } } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/database" element={<DatabasesPage />} />
    </Routes>,
    { route: '/server/s1/database', store: makeStore(loggedIn()) },
  );
  expect(await screen.findByText('Databases are not available yet')).toBeInTheDocument();
  expect(screen.getByText('The host has not set up databases for this server. Ask them if you need one.')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
