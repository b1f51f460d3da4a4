import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { WebhooksPage } from '../../../../src/features/webhooks/WebhooksPage';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const events = ['server.started', 'server.stopped', 'server.crashed', 'backup.finished', 'player.joined'];
const SECRET = 'whsec_Zq8vR2mK5tW9xY3bN7cP1dF4gH6jL0sAabcdefghijk';
const hook = {
  uuid: '5d0c1f0e-2b1a-4c3d-8e9f-0a1b2c3d4e5f',
  name: 'Status board',
  kind: 'json',
  url: 'https://hooks.example.com/panel',
  events: ['server.crashed'],
  has_secret: true,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};
const delivery = {
  uuid: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
  event_id: '11111111-2222-4333-8444-555555555555',
  event: 'webhook.test',
  status: 'failed',
  attempt: 1,
  response_code: 500,
  error: 'The receiver answered 500.',
  duration_ms: 42,
  created_at: '2026-11-28T10:05:00.000Z',
};

function renderPage() {
  const store = makeStore(loggedIn());
  return renderWithProviders(
    <Routes>
      <Route path="/server/:id/webhooks" element={<WebhooksPage />} />
    </Routes>,
    { route: '/server/s1/webhooks', store },
  );
}

it('adds a JSON webhook, shows its generated secret once, sends a test and shows the delivery log', async () => {
  let list = [] as (typeof hook)[];
  const fetchMock = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['webhook.manage'] }) } },
    'GET /api/v2/servers/s1/webhooks': () => ({ status: 200, body: { data: list, meta: { events, limit: 10 } } }),
    'POST /api/v2/servers/s1/webhooks': () => {
      list = [hook];
      return { status: 201, body: { data: hook, secret: SECRET } };
    },
    [`POST /api/v2/servers/s1/webhooks/${hook.uuid}/test`]: { status: 200, body: { data: delivery } },
    [`GET /api/v2/servers/s1/webhooks/${hook.uuid}/deliveries`]: { status: 200, body: { data: [delivery] } },
  });
  renderPage();
  expect(await screen.findByText('No webhooks yet. Add one to hear about crashes, backups and more.')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: /Add webhook/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Status board' } });
  fireEvent.click(within(dialog).getByLabelText('JSON (signed)'));
  fireEvent.change(within(dialog).getByLabelText('Address (URL)'), { target: { value: 'https://hooks.example.com/panel' } });
  expect(within(dialog).getByLabelText('Server crashed')).toBeChecked();
  fireEvent.click(within(dialog).getByLabelText('Backup finished'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

  await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/webhooks')).toHaveLength(1));
  expect(fetchMock.requestsTo('POST /api/v2/servers/s1/webhooks')[0].body).toEqual({
    name: 'Status board',
    kind: 'json',
    url: 'https://hooks.example.com/panel',
    events: ['server.crashed', 'backup.finished'],
  });
  expect(await screen.findByText('Signing secret of Status board')).toBeInTheDocument();
  expect(screen.getByText(SECRET)).toBeInTheDocument();
  const table = await screen.findByRole('region', { name: 'Webhook Status board' });
  expect(within(table).getByText('https://hooks.example.com/panel')).toBeInTheDocument();

  fireEvent.click(within(table).getByRole('button', { name: /Send test/ }));
  expect(await screen.findByText('The test did not reach Status board: The receiver answered 500.')).toBeInTheDocument();

  fireEvent.click(within(table).getByRole('button', { name: 'Show delivery log' }));
  const log = await screen.findByRole('table', { name: 'Deliveries of Status board' });
  expect(await within(log).findByText('The receiver answered 500.')).toBeInTheDocument();
  expect(within(log).getByText('Failed')).toBeInTheDocument();
  expect(within(log).getByText('42 ms')).toBeInTheDocument();
});

it('tells a user without webhook.manage that they may not manage webhooks, without asking for them', async () => {
  const fetchMock = mockFetch({ 'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['control.console'] }) } } });
  renderPage();
  expect(await screen.findByText('You may not manage the webhooks of this server.')).toBeInTheDocument();
  expect(fetchMock.requestsTo('GET /api/v2/servers/s1/webhooks')).toHaveLength(0);
});
