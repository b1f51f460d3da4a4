import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, loggedIn, makeUser } from '../../helpers/fixtures';
import { deferred, mockFetch, type MockAnswer } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { fillIn } from '../../helpers/fillIn';
import { makeServer } from '../../helpers/serverFixture';

/** The servers these tests open exist (a missing one shows "Server not found"). */
const existingServers = () => ({
  'GET /api/v2/servers/42': { status: 200, body: { data: makeServer({ identifier: '42', name: 'Server 42' }) } },
  'GET /api/v2/servers/7': { status: 200, body: { data: makeServer({ identifier: '7', name: 'Server 7' }) } },
});

// Whole-app renders with antd are slow in jsdom.
jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

async function logIn() {
  const user = userEvent.setup({ delay: null });
  await fillIn(user, await screen.findByLabelText('Username or email'), 'steve');
  await fillIn(user, screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('guards of login-required routes', () => {
  it('send a visitor who is not logged in from / to /login', async () => {
    mockFetch(existingServers());
    renderApp('/', anonymous());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it.each(['/account/edit', '/logout', '/server/7', '/server/7/console', '/server/7/upgrade/premium'])('send a visitor from %s to /login', async (path) => {
    mockFetch(existingServers());
    renderApp(path, anonymous());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentLocation()).toMatch(/^\/login/);
  });

  it('bring the visitor back to where they were going after logging in', async () => {
    const fetch = mockFetch({ ...existingServers(), 'POST /api/v2/auth/login': { status: 200, body: completeLogin() } });
    renderApp('/account/edit?tab=security', anonymous());
    await screen.findByRole('heading', { name: 'Log in' });
    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/account/edit?tab=security')}`);
    fetch.route({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } } });
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account/edit?tab=security');
  });

  it('follow ?redirect when /login is opened directly (e.g. after a reload)', async () => {
    mockFetch({ ...existingServers(), 'POST /api/v2/auth/login': { status: 200, body: completeLogin() } });
    renderApp('/login?redirect=%2Fserver%2F42%2Fbackups', anonymous());
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Server 42' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/server/42/backups');
  });

  it('never redirect off the panel or back to /logout after logging in', async () => {
    mockFetch({ ...existingServers(), 'POST /api/v2/auth/login': { status: 200, body: completeLogin() } });
    renderApp('/login?redirect=%2F%2Fevil.example%2Fphish', anonymous());
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('let a logged-in user in', async () => {
    mockFetch(existingServers());
    renderApp('/server/7/backups', loggedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Server 7' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/server/7/backups');
  });

  it('wait until the app is initialised before deciding', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const current = deferred<MockAnswer>();
    const fetch = mockFetch({ ...existingServers(), 'GET /api/v2/auth/current': () => current.promise });
    renderApp('/account/edit');
    // Start-up is still asking who this is: no redirect, no page, only the loading marker.
    await waitFor(() => expect(fetch.requestsTo('GET /api/v2/auth/current')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account/edit');
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();

    fetch.route({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } } });
    await act(async () => current.resolve({ status: 200, body: { data: { user: makeUser() } } }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account/edit');
  });

  it('send the visitor to /login once start-up finds no valid session', async () => {
    window.localStorage.setItem('access_token', 'revoked-token');
    mockFetch({ ...existingServers(), 'GET /api/v2/auth/current': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // A failed first load is silent: no notification.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('guards of guest-only routes', () => {
  it.each(['/login', '/sign-up'])('send a logged-in user from %s to /', async (path) => {
    mockFetch(existingServers());
    renderApp(path, loggedIn());
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('open /sign-up?token=sso-123 for a logged-in user when the address carries a token', async () => {
    mockFetch(existingServers());
    renderApp('/sign-up?token=sso-123', loggedIn());
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/sign-up?token=sso-123');
  });

  it('open /login?token=sso-123 for a logged-in user: the page exchanges the link, and a refused one keeps the session', async () => {
    // The login page spends the token as a login link; this mock refuses it, so the token leaves
    // the address and the user, still logged in, is sent on to their servers.
    mockFetch(existingServers());
    renderApp('/login?token=sso-123', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('open for a visitor who is not logged in', async () => {
    mockFetch(existingServers());
    renderApp('/sign-up', anonymous());
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});

describe('first navigation', () => {
  it('loads the current user once, through app/firstNavigation', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const fetch = mockFetch({ ...existingServers(), 'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser() } } } });
    const { store } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/auth/current')).toHaveLength(1);
    expect(fetch.requests[0].headers.get('Authorization')).toBe('Bearer stored-token');
    expect(store.getState().app.initialised).toBe(true);
    expect(store.getState().session.status).toBe('authenticated');
  });
});
