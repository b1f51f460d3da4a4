import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { notificationsApi } from '../../../../src/api/notifications';
import { makeStore } from '../../../../src/app/store';
import { createReplayStore } from '../../../../src/app/replay/createReplayStore';
import { replayReducer } from '../../../../src/app/replay/replayReducer';
import { NotificationBell } from '../../../../src/app/layouts/NotificationBell';
import { ServerNotificationsPage } from '../../../../src/features/panel-notifications/ServerNotificationsPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { parseActionLog } from '../../../../src/features/support/parseActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { ReplayTimeline } from '../../../../src/features/support/replayTimeline';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const server = { id: 's1', uuid: '0d6f3a52-9c1e-4b7a-8f2d-5e4c3b2a1f00', name: 'Survival' };
const crash = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  event: 'server.crashed',
  event_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  server,
  data: { signal: 'SIGKILL', out_of_memory: false },
  read_at: null,
  created_at: '2026-11-29T10:00:00.000Z',
};
const joined = { ...crash, id: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', event: 'player.joined', data: { player: 'Steve' }, read_at: '2026-11-29T09:30:00.000Z', created_at: '2026-11-29T09:00:00.000Z' };
const meta = (unread: number) => ({ page: 1, per_page: 20, total: 2, unread });

it('shows the unread count on the bell, the list in the drawer with a sentence per event, and marks read one or all', async () => {
  let unread = 1;
  const fetchMock = mockFetch({
    'GET /api/v2/notifications': () => ({ status: 200, body: { data: [{ ...crash, read_at: unread ? null : '2026-11-29T10:01:00.000Z' }, joined], meta: meta(unread) } }),
    'POST /api/v2/notifications/read': () => {
      unread = 0;
      return { status: 200, body: { meta: { unread: 0 } } };
    },
  });
  renderWithProviders(<NotificationBell />, { store: makeStore(loggedIn()) });
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  // The bell asks for one item only: the count comes in meta.
  expect(fetchMock.requestsTo('GET /api/v2/notifications')[0].query.get('per_page')).toBe('1');

  fireEvent.click(bell);
  const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(await within(drawer).findByText('Survival crashed.')).toBeInTheDocument();
  expect(within(drawer).getByText('Steve joined Survival.')).toBeInTheDocument();
  expect(within(drawer).getAllByRole('link', { name: 'Survival' })[0]).toHaveAttribute('href', '/server/s1');

  fireEvent.click(within(drawer).getByRole('button', { name: 'Mark read' }));
  await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/notifications/read')).toHaveLength(1));
  expect(fetchMock.requestsTo('POST /api/v2/notifications/read')[0].body).toEqual({ ids: [crash.id] });
  // The list and the bell are asked again and the count is gone.
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  expect(within(drawer).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

it('saves only the events changed on the server’s Notifications page', async () => {
  const events = [
    { event: 'server.crashed', panel: true, mail: false },
    { event: 'player.joined', panel: false, mail: false },
  ];
  const fetchMock = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['notification.read'] }) } },
    'GET /api/v2/servers/s1/notifications': { status: 200, body: { data: { events } } },
    'PUT /api/v2/servers/s1/notifications': () => ({ status: 200, body: { data: { events: [{ ...events[0], mail: true }, events[1]] } } }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/notifications" element={<ServerNotificationsPage />} />
    </Routes>,
    { route: '/server/s1/notifications', store: makeStore(loggedIn()) },
  );
  const crashMail = await screen.findByRole('switch', { name: 'Server crashed: by mail' });
  expect(screen.getByRole('switch', { name: 'Server crashed: in the panel' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  fireEvent.click(crashMail);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(fetchMock.requestsTo('PUT /api/v2/servers/s1/notifications')).toHaveLength(1));
  expect(fetchMock.requestsTo('PUT /api/v2/servers/s1/notifications')[0].body).toEqual({ events: [{ event: 'server.crashed', panel: true, mail: true }] });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
});

it('is refused to someone without notification.read', async () => {
  mockFetch({ 'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['control.console'] }) } } });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/notifications" element={<ServerNotificationsPage />} />
    </Routes>,
    { route: '/server/s1/notifications', store: makeStore(loggedIn()) },
  );
  expect(await screen.findByText('You may not receive the notifications of this server.')).toBeInTheDocument();
});

it('are recorded for the support replay and replayed into the same cache', async () => {
  mockFetch({ 'GET /api/v2/notifications': { status: 200, body: { data: [crash], meta: { ...meta(1), total: 1 } } } });
  const store = makeStore();
  await store.dispatch(notificationsApi.endpoints.listNotifications.initiate({ page: 1, perPage: 20 })).unwrap();
  const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
  const replayed: unknown = createReplayStore(new ReplayTimeline(parseActionLog(text), replayReducer).stateAt(Infinity)).getState();
  type Root = Parameters<ReturnType<typeof notificationsApi.endpoints.listNotifications.select>>[0];
  expect(notificationsApi.endpoints.listNotifications.select({ page: 1, perPage: 20 })(replayed as Root).data?.data).toEqual([crash]);
});
