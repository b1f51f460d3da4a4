import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import type { ListAdminServersApiResponse } from '../../../../src/api/generated/admin.gen';

// The admin pages' chunk (antd Table, Form, Drawer) renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const admin = makeUser({ username: 'boss', root_admin: true, use_totp: true });
const node = {
  id: 1,
  uuid: '0f8e4c55-3d1a-4f0e-9a55-6b1c2d3e4f51',
  name: 'local',
  location: '',
  driver: 'local',
  docker_host: null,
  tls: false,
  public_host: '127.0.0.1',
  port_range: '25565-25665',
  memory_mb: 8192,
  disk_mb: null,
  maintenance: false,
  state: 'online',
  servers: 1,
  allocated_memory_mb: 2048,
  allocated_disk_mb: 5120,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};
const server: ListAdminServersApiResponse['data'][number] = {
  uuid: '1f8e4c55-3d1a-4f0e-9a55-6b1c2d3e4f52',
  identifier: 'abc12345',
  external_id: null,
  name: 'Survival world',
  description: '',
  owner: { uuid: '5b0f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b6a', username: 'steve' },
  game: 'minecraft',
  template: 'minecraft-flying-squid',
  plan: 'minecraft-budget',
  state: 'running',
  install_status: 'installed',
  install_error: null,
  suspended: false,
  suspension_reason: null,
  allocation: null,
  node: 'local',
  created_at: '2026-11-28T10:00:00.000Z',
};

function open(path: string, user = admin, routes: Record<string, MockRoute> = {}) {
  const fetch = mockFetch(routes);
  const result = renderApp(path, loggedIn(user, 'admin-token'));
  return { ...result, fetch, clicker: userEvent.setup({ delay: null }) };
}

describe('who sees the admin area', () => {
  it('shows a customer the 403 page and calls no admin API', async () => {
    const { fetch } = open('/admin', makeUser());
    expect(await screen.findByText('This area is for the panel’s administrators')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.path.startsWith('/api/v2/admin'))).toEqual([]);
  });

  it('asks an admin without two-factor to turn it on first', async () => {
    open('/admin', makeUser({ root_admin: true, use_totp: false }));
    expect(await screen.findByText('Turn on two-factor first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn on two-factor' })).toHaveAttribute('href', '/account/edit');
  });

  it('shows an admin with two-factor the overview: node use, servers by state, health', async () => {
    open('/admin', admin, {
      'GET /api/v2/admin/overview': {
        status: 200,
        body: {
          data: {
            nodes: [node],
            servers_by_state: { running: 3, suspended: 1 },
            users: 12,
            failed_installs_last_day: 2,
            crashes_last_day: 0,
            health: [
              { name: 'database', status: 'ok', detail: null },
              { name: 'mail', status: 'down', detail: 'smtp.example.com:465' },
            ],
          },
        },
      },
    });
    expect(await screen.findByText('Running: 3')).toBeInTheDocument();
    expect(screen.getByText('Suspended: 1')).toBeInTheDocument();
    expect(screen.getByText('Mail: Not answering')).toBeInTheDocument();
    expect(screen.getByText('Memory: 2048 of 8192 MiB')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
  });
});

describe('the servers page', () => {
  it('filters by node from the address, suspends with a reason and deletes only once the name is typed', async () => {
    let current = server;
    const { fetch, clicker } = open('/admin/servers?node=local', admin, {
      'GET /api/v2/admin/servers': () => ({ status: 200, body: { data: [current] } }),
      'POST /api/v2/admin/servers/abc12345/suspend': () => {
        current = { ...server, suspended: true, suspension_reason: 'Unpaid invoice' };
        return { status: 200, body: { data: { server: current } } };
      },
      'DELETE /api/v2/admin/servers/abc12345': { status: 204 },
    });
    expect(await screen.findByText('Survival world (abc12345)')).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/admin/servers')[0].query.get('node')).toBe('local');

    await clicker.click(screen.getByRole('button', { name: 'Suspend' }));
    const suspend = await screen.findByRole('dialog');
    expect(within(suspend).getByText('Suspend Survival world')).toBeInTheDocument();
    await clicker.type(within(suspend).getByLabelText('Reason the customer sees'), 'Unpaid invoice');
    await clicker.click(within(suspend).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/admin/servers/abc12345/suspend')[0]?.body).toEqual({ reason: 'Unpaid invoice' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();

    await clicker.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(1));
    const remove = screen.getByRole('dialog');
    expect(within(remove).getByText('Delete Survival world')).toBeInTheDocument();
    const confirm = within(remove).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await clicker.type(within(remove).getByLabelText('Type the server’s name to confirm'), 'Survival world');
    await clicker.click(confirm);
    await waitFor(() => expect(fetch.requestsTo('DELETE /api/v2/admin/servers/abc12345')).toHaveLength(1));
    expect(currentLocation()).toBe('/admin/servers?node=local');
  });
});

describe('the audit log page', () => {
  it('lists who did what from where, and filters by actor', async () => {
    const entry = {
      id: 7,
      created_at: '2026-11-28T10:00:00.000Z',
      actor: null,
      key: 'padm_ab12',
      ip: '203.0.113.7',
      event: 'suspendAdminServer',
      method: 'POST',
      path: '/api/v2/admin/servers/abc12345/suspend',
      target_type: 'server',
      target: 'abc12345',
      status: 200,
      properties: { reason: 'Unpaid invoice' },
    };
    const { fetch, clicker } = open('/admin/audit', admin, {
      'GET /api/v2/admin/audit': { status: 200, body: { data: [entry], meta: { total: 1, page: 1, per_page: 50 } } },
    });
    expect(await screen.findByText('Suspended a server')).toBeInTheDocument();
    expect(screen.getByText('server: abc12345')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    await clicker.type(screen.getByLabelText('Who'), 'boss');
    await waitFor(() => expect(fetch.requestsTo('GET /api/v2/admin/audit').at(-1)?.query.get('actor')).toBe('boss'));
  });
});
