import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

describe('logging out', () => {
  it('revokes the token on the server, forgets it and goes to /login', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/logout': { status: 204 } });
    const { store } = renderApp('/logout', loggedIn(undefined, 'session-token'));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    const [request] = fetch.requestsTo('POST /api/v2/auth/logout');
    expect(request.headers.get('Authorization')).toBe('Bearer session-token');
    expect(fetch.requestsTo('POST /api/v2/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(store.getState().session).toEqual({ user: null, status: 'anonymous' });
  });

  it('logs out here even when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/v2/auth/logout': { status: 503, body: { message: 'Service unavailable.' } } });
    const { store } = renderApp('/logout', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('is reached from the navigation, and logging in again does not log out again', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/logout': { status: 204 } });
    const user = userEvent.setup({ delay: null });
    renderApp('/', loggedIn());
    await user.click(await screen.findByRole('link', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // No ?redirect=/logout: after the next login the user lands on the dashboard.
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(fetch.requestsTo('POST /api/v2/auth/logout')).toHaveLength(1);
  });
});
