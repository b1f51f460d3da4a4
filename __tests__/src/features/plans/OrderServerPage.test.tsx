import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { OrderServerPage } from '../../../../src/features/plans/order/OrderServerPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { openInReplay } from '../../helpers/openInReplay';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const plan = (slug: string, tier: 'budget' | 'premium', price: number) => ({
  slug,
  name: slug,
  game: 'minecraft',
  tier,
  memory_mb: 2048,
  cpu_percent: 100,
  disk_mb: 10240,
  backups: 2,
  databases: 1,
  extra_ports: 1,
  price_monthly: price,
  currency: 'EUR',
  display_order: price,
});

const options = (overrides: object = {}) => ({
  games: [
    {
      slug: 'minecraft',
      name: 'Minecraft',
      templates: [{ slug: 'minecraft-flying-squid', name: 'Flying squid', description: '' }],
      plans: [plan('minecraft-budget', 'budget', 600), plan('minecraft-premium', 'premium', 1200)],
    },
  ],
  locations: ['Frankfurt', 'Helsinki'],
  ordering_enabled: true,
  order_limit: 3,
  orders_left: 2,
  provider: 'instant',
  ...overrides,
});

const placed = (id: string, name: string, state: string, extra: object = {}) => ({
  id: `0b0e5c3e-1111-4222-8333-00000000000${id}`,
  template: 'minecraft-flying-squid',
  plan: 'minecraft-budget',
  name,
  location: null,
  provider: 'external',
  state,
  amount_due: 600,
  currency: 'EUR',
  failure_reason: null,
  server: null,
  created_at: '2026-11-24T10:00:00.000Z',
  expires_at: '2026-11-24T11:00:00.000Z',
  ...extra,
});
const yourOrders = {
  data: [placed('3', 'Waiting world', 'pending'), placed('2', 'Declined world', 'failed', { failure_reason: 'The card was declined.' }), placed('1', 'Paid world', 'created', { server: 'a1b2c3d4' })],
  meta: { total: 3, page: 1, per_page: 10 },
};

describe('ordering a server', () => {
  it('leads from the empty dashboard to the order page, previews the plan’s theme and sends the order', async () => {
    const fetchMock = mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'GET /api/v2/orders/options': { status: 200, body: options() },
      'GET /api/v2/orders/': { status: 200, body: { data: [], meta: { total: 0, page: 1, per_page: 10 } } },
      'POST /api/v2/orders/': { status: 422, body: { message: 'The given data was invalid.', errors: { name: ['This field is required'] } } },
    });
    renderApp('/', loggedIn(makeUser()));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: /Order a server/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order a server' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/order');
    expect(document.querySelector('[data-theme-preview]')?.getAttribute('data-theme-preview')).toBe('minecraftDefault');
    await user.click(screen.getByRole('radio', { name: /minecraft-premium/ }));
    await waitFor(() => expect(document.querySelector('[data-theme-preview]')?.getAttribute('data-theme-preview')).toBe('minecraftPremium'));
    expect(screen.getByText('Orders you may still place: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Order the server' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    fetchMock.route({ 'POST /api/v2/orders/': { status: 201, body: { data: { order: {}, server: {} } } } });
    await user.type(screen.getByLabelText('Server name'), 'My world');
    await user.click(screen.getByRole('button', { name: 'Order the server' }));
    await screen.findByRole('heading', { level: 1, name: 'Your servers' });
    expect(fetchMock.requestsTo('POST /api/v2/orders/').at(-1)?.body).toEqual({ template: 'minecraft-flying-squid', plan: 'minecraft-premium', name: 'My world', location: 'Frankfurt' });
  });

  it('says so when the host has turned ordering off, and offers no form', async () => {
    mockFetch({ 'GET /api/v2/orders/options': { status: 200, body: options({ ordering_enabled: false }) } });
    renderApp('/order', loggedIn(makeUser()));
    expect(await screen.findByText('Ordering is turned off on this panel for now. Ask the host for a server.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order the server' })).not.toBeInTheDocument();
  });

  it('lists the customer’s own orders with their states, and plays them back in the support replay without the API', async () => {
    mockFetch({ 'GET /api/v2/orders/options': { status: 200, body: options() }, 'GET /api/v2/orders/': { status: 200, body: yourOrders } });
    const store = makeStore(loggedIn(makeUser()));
    store.dispatch(locationChanged('/order'));
    const customer = renderWithProviders(
      <Routes>
        <Route path="/order" element={<OrderServerPage />} />
      </Routes>,
      { route: '/order', store },
    );
    const shows = async (screenRoot: HTMLElement) => {
      const list = within(screenRoot).getByRole('region', { name: 'Your orders' });
      expect(await within(list).findByText('Waiting world')).toBeInTheDocument();
      const states = [...list.querySelectorAll('[data-order-state]')].map((item) => item.getAttribute('data-order-state'));
      expect(states).toEqual(['pending', 'failed', 'created']);
      for (const text of ['Pending payment', 'Failed', 'Created', 'The card was declined.']) expect(within(list).getByText(text)).toBeInTheDocument();
      expect(within(list).getByText(/^Waiting for payment until /)).toBeInTheDocument();
      expect(within(list).getByRole('link', { name: 'Open the server' })).toHaveAttribute('href', '/server/a1b2c3d4');
    };
    await screen.findByRole('region', { name: 'Your orders' });
    await shows(document.body);
    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
    customer.unmount();

    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
    // The spy is mockFetch's own function: forget the customer's requests.
    fetchSpy.mockClear();
    try {
      const replayed = await openInReplay(text);
      expect(replayed).toHaveAttribute('data-location', '/order');
      await waitFor(() => within(replayed).getByRole('region', { name: 'Your orders' }));
      await shows(replayed);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
