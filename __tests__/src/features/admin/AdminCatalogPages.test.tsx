import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';
import type { ListAdminTemplatesApiResponse } from '../../../../src/api/generated/admin.gen';

// The admin pages' chunk (antd Table, Form, Drawer) renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const admin = makeUser({ username: 'boss', root_admin: true, use_totp: true });
type Template = ListAdminTemplatesApiResponse['data'][number];
const builtIn: Template = {
  id: 1,
  slug: 'minecraft-paper',
  game: 'minecraft',
  name: 'Paper',
  description: '',
  source: null,
  startup: 'java -jar server.jar',
  images: [],
  image_map: {},
  variables: [],
  ignored: [],
};
const egg: Template = {
  ...builtIn,
  id: 0,
  slug: 'egg-echo-game',
  name: 'Echo Game',
  source: { kind: 'egg', format: 'PTDL_v2', url: null, author: 'tests@example.test', imported_at: '2026-11-29T12:00:00Z' },
  startup: 'node echo.js --greeting {{GREETING}}',
  images: [{ label: 'Node 20', image: 'ghcr.io/example/node:20' }],
  variables: [{ env_variable: 'GREETING', name: 'Greeting', description: 'What it says', default_value: 'hello', user_viewable: true, user_editable: true, rules: ['required', 'max:20'] }],
};

describe('the admin area’s catalogue pages', () => {
  it('previews an egg (nothing saved) before importing it, and shows what it would make', async () => {
    const fetch = mockFetch({
      'GET /api/v2/admin/templates': { status: 200, body: { data: [builtIn] } },
      'POST /api/v2/admin/templates/import': { status: 200, body: { data: { template: egg, created: true, saved: false } } },
    });
    renderApp('/admin/templates', loggedIn(admin, 'admin-token'));
    const clicker = userEvent.setup({ delay: null });
    expect(await screen.findByRole('row', { name: /Paper.*Built in/ })).toBeInTheDocument();
    await clicker.click(screen.getByRole('button', { name: 'Import an egg' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: 'Import' })).toBeDisabled();
    await clicker.click(within(drawer).getByLabelText('Egg (JSON or YAML)'));
    await clicker.paste('{"meta":{"version":"PTDL_v2"},"name":"Echo Game"}');
    await clicker.click(within(drawer).getByRole('button', { name: 'Preview' }));
    expect(await within(drawer).findByText('A new template: Echo Game')).toBeInTheDocument();
    expect(within(drawer).getByText('GREETING')).toBeInTheDocument();
    const [previewCall] = fetch.requestsTo('POST /api/v2/admin/templates/import');
    expect(previewCall.url).toContain('preview=true');
    expect(previewCall.body).toEqual({ meta: { version: 'PTDL_v2' }, name: 'Echo Game' });

    await clicker.click(within(drawer).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/admin/templates/import')).toHaveLength(2));
    expect(fetch.requestsTo('POST /api/v2/admin/templates/import')[1].url).not.toContain('preview');
  });

  it('creates a plan with its price sent in cents', async () => {
    const fetch = mockFetch({
      'GET /api/v2/admin/plans': { status: 200, body: { data: [] } },
      'GET /api/v2/admin/templates': { status: 200, body: { data: [builtIn] } },
      'POST /api/v2/admin/plans': { status: 201, body: { data: {} } },
    });
    renderApp('/admin/plans', loggedIn(admin, 'admin-token'));
    const clicker = userEvent.setup({ delay: null });
    await clicker.click(await screen.findByRole('button', { name: 'Create plan' }));
    const drawer = await screen.findByRole('dialog');
    await clicker.type(within(drawer).getByLabelText('Name'), 'Stone');
    await clicker.type(within(drawer).getByLabelText('Short name (in addresses and the billing API)'), 'stone');
    await clicker.click(within(drawer).getByLabelText('Game'));
    await clicker.click(await screen.findByTitle('minecraft'));
    await clicker.type(within(drawer).getByLabelText('Price per month'), '19.99');
    await clicker.click(within(drawer).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/admin/plans')).toHaveLength(1));
    expect(fetch.requestsTo('POST /api/v2/admin/plans')[0].body).toMatchObject({ name: 'Stone', slug: 'stone', game: 'minecraft', tier: 'budget', price_monthly: 1999, currency: 'EUR' });
  });

  it('lists the DNS zones with their health and says when none are set up', async () => {
    mockFetch({
      'GET /api/v2/admin/dns-zones': {
        status: 200,
        body: { data: [{ zone: 'play.example.com', provider: 'rfc2136', server: '192.0.2.53:53', ttl: 300, subdomains: 4, health: 'down' }], meta: { configured: true } },
      },
    });
    renderApp('/admin/dns-zones', loggedIn(admin, 'admin-token'));
    const row = await screen.findByRole('row', { name: /play\.example\.com/ });
    expect(within(row).getByText('Not answering')).toBeInTheDocument();
    expect(within(row).getByText(/192\.0\.2\.53:53/)).toBeInTheDocument();
    expect(screen.queryByText(/No DNS zones are set up/)).toBeNull();
  });
});
