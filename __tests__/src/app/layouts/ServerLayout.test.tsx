import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ServerLayoutView } from '../../../../src/app/layouts/ServerLayout';
import { themeNames, themes } from '../../../../src/themes';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';
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
});
