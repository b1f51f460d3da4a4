import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ServerLayoutView } from '../../../../src/app/layouts/ServerLayout';
import { themeNames, themes } from '../../../../src/themes';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';
import { makeServer } from '../../helpers/serverFixture';
import { installViewport } from '../../helpers/viewport';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

function renderServer(game?: string, plan?: string) {
  installViewport(1440);
  return renderWithProviders(
    <Routes>
      <Route path="/server/:id/*" element={<ServerLayoutView serverId="s1" areaPath="console" game={game} plan={plan} />} />
    </Routes>,
    { route: '/server/s1/console', preloadedState: loggedIn() },
  );
}

describe('the server layout', () => {
  it.each([
    ['minecraft', 'premium', 'minecraftPremium'],
    ['rust', 'default', 'rustDefault'],
    ['terraria', 'premium', 'terrariaPremium'],
    ['palworld', 'premium', 'palworldPremium'],
    ['ark', 'default', 'arkDefault'],
  ])('takes its theme from the server (%s, %s → %s)', async (game, plan, theme) => {
    mockFetch();
    renderServer(game, plan);
    await screen.findByRole('navigation', { name: 'Server areas' });
    const root = document.documentElement;
    expect(root.dataset.panelTheme).toBe(theme);
    expect(root.style.getPropertyValue('--panel-primary')).toBe(themes[theme as (typeof themeNames)[number]].variables.primary);
    expect(root.style.getPropertyValue('--panel-server-image')).toContain('data:image/svg+xml');
  });

  it('shows the server header with the current area', async () => {
    mockFetch();
    renderServer('minecraft', 'default');
    expect(await screen.findByRole('heading', { level: 1, name: 'Server s1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All servers/ })).toHaveAttribute('href', '/');
  });

  it('names the area once: the header holds the server’s name, the page its own heading', async () => {
    mockFetch();
    renderServer('minecraft', 'default');
    const header = (await screen.findByRole('heading', { level: 1, name: 'Server s1' })).closest('header')!;
    expect(within(header).queryByText('Console')).not.toBeInTheDocument();
    expect(header.textContent).not.toMatch(/Console/);
  });

  it('offers a Viewer only the areas their permissions open: no Sharing, no Roles', async () => {
    installViewport(1440);
    mockFetch();
    const viewerKeys = [
      'websocket.connect',
      'activity.read',
      'file.read',
      'backup.read',
      'database.read',
      'allocation.read',
      'schedule.read',
      'players.read',
      'config.read',
      'versions.read',
      'modpacks.read',
      'extensions.read',
      'setups.read',
      'plan.read',
    ];
    renderWithProviders(
      <Routes>
        <Route path="/server/:id/*" element={<ServerLayoutView serverId="s1" areaPath="console" game="minecraft" plan="default" permissions={viewerKeys} />} />
      </Routes>,
      { route: '/server/s1/console', preloadedState: loggedIn() },
    );
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    expect(within(nav).queryByRole('link', { name: 'Sharing' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Files' })).toBeInTheDocument();

    // Without the audit log either, the whole Access group goes, its title included.
    renderWithProviders(
      <Routes>
        <Route path="/server/:id/*" element={<ServerLayoutView serverId="s1" areaPath="" game="minecraft" plan="default" permissions={['websocket.connect']} />} />
      </Routes>,
      { route: '/server/s1', preloadedState: loggedIn() },
    );
    const navs = await screen.findAllByRole('navigation', { name: 'Server areas' });
    const narrow = navs[navs.length - 1];
    expect(within(narrow).queryByText('Access')).not.toBeInTheDocument();
    expect(within(narrow).getByRole('link', { name: 'Console' })).toBeInTheDocument();
    expect(within(narrow).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    expect(within(narrow).queryByRole('link', { name: 'Files' })).not.toBeInTheDocument();
  });

  it('marks the current area in the navigation', async () => {
    mockFetch();
    renderServer();
    const link = await screen.findByRole('link', { name: 'Console' });
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('other pages use minecraftDefault', async () => {
    mockFetch();
    renderApp('/', loggedIn());
    await screen.findByRole('heading', { name: 'Your servers' });
    expect(document.documentElement.dataset.panelTheme).toBe('minecraftDefault');
    expect(document.documentElement.style.getPropertyValue('--panel-primary')).toBe(themes.minecraftDefault.variables.primary);
  });

  it('a server that does not exist shows "Server not found" without the server menu, with the main menu', async () => {
    mockFetch({ 'GET /api/v2/servers/nope1234': { status: 404, body: { message: 'Server not found.' } } });
    renderApp('/server/nope1234/console', loggedIn(), { width: 1440 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Server not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Server areas' })).not.toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(main).getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('a loading server shows a placeholder, not "Server <id>", and the theme of its game once loaded', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    mockFetch({ 'GET /api/v2/servers/s1': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/server/s1/console', loggedIn(), { width: 1440 });
    expect(await screen.findByRole('status', { name: 'Loading the server…' })).toBeInTheDocument();
    expect(screen.queryByText('Server s1')).not.toBeInTheDocument();
    expect(document.documentElement.dataset.panelTheme).toBe('minecraftDefault');
    answer({ status: 200, body: { data: makeServer({ name: 'Rusty', game: { slug: 'rust', name: 'Rust' }, plan: { ...makeServer().plan, tier: 'premium' } }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rusty' })).toBeInTheDocument();
    expect(document.documentElement.dataset.panelTheme).toBe('rustPremium');
  });

  it('offers the account and log out on server pages', async () => {
    mockFetch();
    renderServer('minecraft', 'default');
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account/edit');
    expect(within(nav).getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });
});
