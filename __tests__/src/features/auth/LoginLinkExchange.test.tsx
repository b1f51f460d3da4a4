import { screen, waitFor, within } from '@testing-library/react';
import { anonymous, completeLogin, loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const customer = makeUser({ username: 'customer', name_first: 'Cara' });
const linkAnswer = (redirect_to: string | null) => ({ status: 200, body: { data: { ...completeLogin(customer, 'link-session').data, redirect_to } } });
const spent = {
  status: 422,
  body: { message: 'This login link is invalid or has expired. Please request a new one.', errors: { token: ['This login link is invalid or has expired. Please request a new one.'] } },
};

describe('login links from the billing system (/login?token=…)', () => {
  it('exchanges the token and opens the page the link names, logged in', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/login-token': linkAnswer('/account/edit') });
    const { store } = renderApp('/login?token=link-abc', anonymous());

    await waitFor(() => expect(currentLocation()).toBe('/account/edit'));
    expect(fetch.requestsTo('POST /api/v2/auth/login-token').map((r) => r.body)).toEqual([{ token: 'link-abc' }]);
    expect(window.localStorage.getItem('access_token')).toBe('link-session');
    expect(store.getState().session).toMatchObject({ status: 'authenticated', user: { username: 'customer' } });
  });

  it('goes to the dashboard when the link names no page, and ignores an off-site target', async () => {
    mockFetch({ 'POST /api/v2/auth/login-token': linkAnswer('//evil.example/') });
    const { store } = renderApp('/login?token=link-abc', anonymous());
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('exchanges first, then replaces the session and ends the previous one on the server', async () => {
    const fetch = mockFetch({
      'POST /api/v2/auth/logout': { status: 204 },
      'POST /api/v2/auth/login-token': linkAnswer(null),
    });
    const { store } = renderApp('/login?token=link-abc', loggedIn(makeUser({ username: 'previous' }), 'old-session'));

    await waitFor(() => expect(store.getState().session.user?.username).toBe('customer'));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/auth/logout')).toHaveLength(1));
    const logout = fetch.requestsTo('POST /api/v2/auth/logout');
    expect(logout[0].headers.get('authorization')).toBe('Bearer old-session');
    expect(fetch.requests.findIndex((r) => r.path.endsWith('/login-token'))).toBeLessThan(fetch.requests.findIndex((r) => r.path.endsWith('/logout')));
    expect(window.localStorage.getItem('access_token')).toBe('link-session');
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('keeps the current session when the link is refused (a link cannot end anyone’s session)', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/login-token': spent, 'POST /api/v2/auth/logout': { status: 204 } });
    const { store } = renderApp('/login?token=foreign-link', loggedIn(makeUser({ username: 'previous' }), 'old-session'));

    await screen.findByRole('alert', { name: 'Error' });
    await waitFor(() => expect(currentLocation()).not.toContain('token='));
    expect(fetch.requestsTo('POST /api/v2/auth/logout')).toHaveLength(0);
    expect(store.getState().session).toMatchObject({ status: 'authenticated', user: { username: 'previous' } });
    expect(window.localStorage.getItem('access_token')).toBe('old-session');
  });

  it('shows the error and the login form, without the spent token in the address, when the link is refused', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/login-token': spent });
    const { store } = renderApp('/login?token=spent-link', anonymous());

    const notice = await screen.findByRole('alert', { name: 'Error' });
    expect(within(notice).getByText('This login link is invalid or has expired. Please request a new one.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Username or email')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(fetch.requestsTo('POST /api/v2/auth/login-token')).toHaveLength(1);
    expect(store.getState().session.status).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });
});
