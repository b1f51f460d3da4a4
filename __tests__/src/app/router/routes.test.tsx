import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeTable } from '../../../../src/app/router/routeTable';
import { anonymous, loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { makeServer } from '../../helpers/serverFixture';
import { serverAreaPaths } from '../../../../src/features/server/serverAreaPaths';

/** Every permission the areas ask for: the owner holds them all, so the navigation offers every area. */
const ownerPermissions = [...new Set(serverAreaPaths.flatMap((area) => (area.permission ? [area.permission] : [])))];

/** The servers these tests open exist (a missing one shows "Server not found"). */
const existingServers = () => ({ 'GET /api/v2/servers/abc123': { status: 200, body: { data: makeServer({ identifier: 'abc123', name: 'Server abc123', permissions: ownerPermissions }) } } });

jest.setTimeout(30_000);
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
  ['webhooks', 'Webhooks'],
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
    // Exactly one route per spec path (other routes, e.g. support tools, may exist beside them).
    expect(new Set(rows.map(([path]) => path)).size).toBe(rows.length);
  });
});

describe('pages', () => {
  it.each(serverAreas)('/server/{id}/%s opens lazily in the server layout', async (path, title) => {
    mockFetch(existingServers());
    renderApp(`/server/abc123/${path}`, loggedIn());
    // The server layout: its header (the id, while the server's details are unknown) and the
    // navigation of all areas, with this area marked as the current one.
    expect(await screen.findByRole('heading', { level: 1, name: 'Server abc123' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Server areas' });
    // The overview, 18 areas, the webhooks and the notifications, then the account and log out.
    expect(within(nav).getAllByRole('link')).toHaveLength(23);
    expect(within(nav).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
    expect(currentLocation()).toBe(`/server/abc123/${path}`);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('/server/{id} is the overview', async () => {
    mockFetch(existingServers());
    renderApp('/server/abc123', loggedIn());
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('the server navigation links every area under /server/{id}/', async () => {
    mockFetch(existingServers());
    renderApp('/server/abc123', loggedIn());
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/server/abc123', ...serverAreas.map(([path]) => `/server/abc123/${path}`)]));
    await userEvent.click(within(nav).getByRole('link', { name: 'Scheduled tasks' }));
    await waitFor(() => expect(currentLocation()).toBe('/server/abc123/tasks'));
    expect(within(nav).getByRole('link', { name: 'Scheduled tasks' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['an anonymous visitor', anonymous],
    ['a logged-in user', () => loggedIn()],
  ])('an unknown path shows the not-found page to %s', async (_who, state) => {
    mockFetch(existingServers());
    renderApp('/no/such/page', state());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/no/such/page');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('an unknown area under a server is not found either', async () => {
    mockFetch(existingServers());
    renderApp('/server/abc123/not-an-area', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('scrolling', () => {
  it('scrolls to the top on every route change', async () => {
    mockFetch(existingServers());
    const { scrollTo } = renderApp('/server/abc123', loggedIn());
    const nav = await screen.findByRole('navigation', { name: 'Server areas' });
    const before = scrollTo.mock.calls.length;
    expect(before).toBeGreaterThanOrEqual(1);
    await userEvent.click(within(nav).getByRole('link', { name: 'Files' }));
    await waitFor(() => expect(currentLocation()).toBe('/server/abc123/files'));
    expect(scrollTo.mock.calls.length).toBe(before + 1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await userEvent.click(within(nav).getByRole('link', { name: 'Players' }));
    await waitFor(() => expect(currentLocation()).toBe('/server/abc123/players'));
    expect(scrollTo.mock.calls.length).toBe(before + 2);
  });
});
