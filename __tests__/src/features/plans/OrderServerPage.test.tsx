import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

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

describe('ordering a server', () => {
  it('leads from the empty dashboard to the order page, previews the plan’s theme and sends the order', async () => {
    const fetchMock = mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'GET /api/v2/orders/options': { status: 200, body: options() },
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
});
