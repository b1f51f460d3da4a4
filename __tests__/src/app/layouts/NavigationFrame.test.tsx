import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { makeServer } from '../../helpers/serverFixture';
import { setViewportWidth } from '../../helpers/viewport';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

describe('navigation by screen width (lg = 1280 px)', () => {
  it('is a side navigation from lg up', async () => {
    mockFetch();
    renderApp('/', loggedIn(), { width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Account' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('becomes a drawer below lg, opened from the menu button and closed by navigating', async () => {
    mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } } });
    const user = userEvent.setup({ delay: null });
    renderApp('/', loggedIn(), { width: 1279, antdStyles: true });
    await screen.findByRole('heading', { name: 'Your servers' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Account' }));

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account/edit');
    // The drawer closed: its navigation is gone from the accessible tree.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
  });

  it('switches when the window is resized across lg', async () => {
    mockFetch({ 'GET /api/v2/servers/9': { status: 200, body: { data: makeServer({ identifier: '9' }) } } });
    renderApp('/server/9/console', loggedIn(), { width: 1600 });
    expect(await screen.findByRole('navigation', { name: 'Server areas' })).toBeInTheDocument();
    act(() => setViewportWidth(900));
    expect(await screen.findByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Server areas' })).not.toBeInTheDocument();
    act(() => setViewportWidth(1920));
    expect(await screen.findByRole('navigation', { name: 'Server areas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});
