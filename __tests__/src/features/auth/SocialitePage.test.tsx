import { screen, within } from '@testing-library/react';
import { anonymous, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

describe('the social-login callback', () => {
  it('stores the token from the query, loads the user and goes to /', async () => {
    const fetch = mockFetch({ 'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser({ username: 'discordian' }) } } } });
    const { store } = renderApp('/socialite?token=social-token', anonymous());

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(window.localStorage.getItem('access_token')).toBe('social-token');
    const [request] = fetch.requestsTo('GET /api/v2/auth/current');
    expect(request.headers.get('Authorization')).toBe('Bearer social-token');
    expect(store.getState().session.user?.username).toBe('discordian');
  });

  it('sends a refused token to /login with an error notification, and forgets it', async () => {
    mockFetch({ 'GET /api/v2/auth/current': { status: 401, body: { message: 'Unauthenticated.' } } });
    const { store } = renderApp('/socialite?token=bad-token', anonymous());

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    const notice = screen.getByRole('alert', { name: 'Error' });
    expect(within(notice).getByText('The sign-in link is invalid or has expired. Please log in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('sends a callback without a token to /login with an error notification', async () => {
    const fetch = mockFetch();
    renderApp('/socialite', anonymous());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Error' })).toBeInTheDocument();
    expect(fetch.requests).toHaveLength(0);
  });

  it('works on a fresh page load, after the start-up session check', async () => {
    // No stored token: start-up asks nobody, then the callback does its work.
    const fetch = mockFetch({ 'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser() } } } });
    renderApp('/socialite?token=social-token');
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/auth/current')).toHaveLength(1);
  });
});
