import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeTable } from '../../../../src/app/router/routeTable';
import { anonymous, loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

afterEach(() => window.localStorage.clear());

const serverAreas: [path: string, heading: string][] = [
  ['backups', 'Backups'],
  ['config', 'Configuration'],
  ['console', 'Console'],
  ['database', 'Database'],
  ['extensions', 'Plugins and mods'],
  ['files', 'Files'],
  ['minecraft/versions', 'Versions'],
  ['modpacks', 'Modpacks'],
  ['network', 'Network'],
  ['players', 'Players'],
  ['setups', 'Setups'],
  ['sharing', 'Sharing'],
  ['sharing-audit-log', 'Audit log'],
  ['sharing-edit-roles', 'Roles'],
  ['tasks', 'Scheduled tasks'],
  ['upgrade', 'Upgrade'],
  ['upgrade/premium', 'Premium'],
  ['upgrade-quiz', 'Plan finder'],
];

describe('the route table', () => {
  it('has every route of the specification with its layout and access rule', () => {
    const rows = routeTable.map(({ path, layout, access }) => [path, layout, access]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['/', 'dashboard', 'login'],
        ['/account/edit', 'dashboard', 'login'],
        ['/login', 'guest', 'guest'],
        ['/sign-up', 'guest', 'guest'],
        ['/logout', 'blank', 'login'],
        ['/socialite', 'blank', 'public'],
        ['/server/:id', 'server', 'login'],
        ...serverAreas.map(([path]) => [`/server/:id/${path}`, 'server', 'login']),
      ]),
    );
    expect(rows).toHaveLength(7 + 18);
  });
});

describe('pages', () => {
  // The console has its own page (covered in __tests__/src/features/console).
  const placeholderAreas = serverAreas.filter(([path]) => path !== 'console');

  it.each(placeholderAreas)('/server/{id}/%s loads lazily in the server layout and names its area', async (path, heading) => {
    mockFetch();
    renderApp(`/server/abc123/${path}`, loggedIn());
    const title = await screen.findByRole('heading', { level: 2, name: heading });
    const page = title.closest('section') as HTMLElement;
    expect(within(page).getByText('This area is being set up')).toBeInTheDocument();
    // The server layout: its header and the navigation of all areas.
    expect(screen.getByRole('heading', { level: 1, name: 'Server abc123' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Server areas' })).getAllByRole('link')).toHaveLength(19);
  });

  it('/server/{id}/console is the console page', async () => {
    mockFetch();
    renderApp('/server/abc123/console', loggedIn());
    expect(await screen.findByRole('heading', { level: 2, name: 'Console' })).toBeInTheDocument();
    // No such server here (the API answers 404): the page says so instead of a dead console.
    expect(await screen.findByText('Server not found')).toBeInTheDocument();
  });

  it('/server/{id} is the overview', async () => {
    mockFetch();
    renderApp('/server/abc123', loggedIn());
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
  });

  it('the server navigation links every area under /server/{id}/', async () => {
    mockFetch();
    renderApp('/server/abc123', loggedIn());
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    const hrefs = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/server/abc123', ...serverAreas.map(([path]) => `/server/abc123/${path}`)]));
    await userEvent.click(within(nav).getByRole('link', { name: 'Scheduled tasks' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Scheduled tasks' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/server/abc123/tasks');
  });

  it.each([
    ['an anonymous visitor', anonymous],
    ['a logged-in user', () => loggedIn()],
  ])('an unknown path shows the not-found page to %s', async (_who, state) => {
    mockFetch();
    renderApp('/no/such/page', state());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/no/such/page');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('an unknown area under a server is not found either', async () => {
    mockFetch();
    renderApp('/server/abc123/not-an-area', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('scrolling', () => {
  it('scrolls to the top on every route change', async () => {
    mockFetch();
    const { scrollTo } = renderApp('/server/abc123', loggedIn());
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    const before = scrollTo.mock.calls.length;
    expect(before).toBeGreaterThanOrEqual(1);
    await userEvent.click(within(nav).getByRole('link', { name: 'Files' }));
    await screen.findByRole('heading', { level: 2, name: 'Files' });
    expect(scrollTo.mock.calls.length).toBe(before + 1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await userEvent.click(within(nav).getByRole('link', { name: 'Players' }));
    await screen.findByRole('heading', { level: 2, name: 'Players' });
    expect(scrollTo.mock.calls.length).toBe(before + 2);
  });
});
