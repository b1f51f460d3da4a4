import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const plan = (game: string, slug: string, tier: 'budget' | 'premium', price: number) => ({
  slug,
  name: slug,
  game,
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

describe('the way to a server', () => {
  it('leads from the empty dashboard to every game’s plans, each game shown in its own themes', async () => {
    mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'GET /api/v2/plans/': {
        status: 200,
        body: {
          data: [
            { game: { slug: 'rust', name: 'Rust' }, plans: [plan('rust', 'rust-budget', 'budget', 600), plan('rust', 'rust-premium', 'premium', 1200)] },
            { game: { slug: 'terraria', name: 'Terraria' }, plans: [plan('terraria', 'terraria-budget', 'budget', 500), plan('terraria', 'terraria-premium', 'premium', 900)] },
          ],
        },
      },
    });
    renderApp('/', loggedIn(makeUser()));
    expect(await screen.findByText('You have no servers yet')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: /See plans and prices/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans and prices' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/plans');

    const rust = screen.getByRole('heading', { level: 2, name: 'Rust' }).closest('section')!;
    expect([...rust.querySelectorAll('[data-theme-preview]')].map((node) => node.getAttribute('data-theme-preview'))).toEqual(['rustDefault', 'rustPremium']);
    expect(within(rust).getByRole('figure', { name: 'Look of Rust, Premium' })).toBeInTheDocument();
    expect(within(rust).getByText('€12.00 / month')).toBeInTheDocument();
    // Terraria has one look, its premium theme, whatever the plan.
    const terraria = screen.getByRole('heading', { level: 2, name: 'Terraria' }).closest('section')!;
    expect([...terraria.querySelectorAll('[data-theme-preview]')].map((node) => node.getAttribute('data-theme-preview'))).toEqual(['terrariaPremium']);
    // The preview paints with its theme's own colours, not the page's.
    const premium = rust.querySelector('[data-theme-preview="rustPremium"]')!.parentElement as HTMLElement;
    expect(premium.style.getPropertyValue('--panel-primary')).not.toBe('');
  });
});
