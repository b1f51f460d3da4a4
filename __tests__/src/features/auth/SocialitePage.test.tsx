import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, loggedIn, makeUser } from '../../helpers/fixtures';
import { fillIn } from '../../helpers/fillIn';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const CALLBACK = 'POST /api/v2/auth/oauth/callback';

describe('the social-login callback', () => {
  it('passes code, state and issuer to the panel, stores the session and goes to /', async () => {
    const fetch = mockFetch({ [CALLBACK]: { status: 200, body: completeLogin(makeUser({ username: 'discordian' }), 'social-token') } });
    const { store } = renderApp('/socialite?code=the-code&state=the-state&iss=https%3A%2F%2Fid.example.com', anonymous());
    expect(await screen.findByRole('heading', { name: 'Your servers' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(fetch.requestsTo(CALLBACK)[0].body).toEqual({ state: 'the-state', code: 'the-code', iss: 'https://id.example.com' });
    expect(window.localStorage.getItem('access_token')).toBe('social-token');
    expect(store.getState().session.user?.username).toBe('discordian');
  });

  it('asks for the second factor when the account has two-factor on', async () => {
    const fetch = mockFetch({
      [CALLBACK]: { status: 200, body: { data: { complete: false, confirmation_token: 'confirm-me' } } },
      'POST /api/v2/auth/login-checkpoint': { status: 200, body: completeLogin(makeUser(), 'after-code') },
    });
    renderApp('/socialite?code=c&state=s', anonymous());
    const user = userEvent.setup({ delay: null });
    await fillIn(user, await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your servers' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/login-checkpoint')[0].body).toEqual({ token: 'confirm-me', authentication_code: '123456' });
  });

  it('shows a refusal in the customer’s words with the way back to log in, and stays logged out', async () => {
    const message = 'An account with this email address already exists. Log in with your password, then link this provider from your account page.';
    mockFetch({ [CALLBACK]: { status: 409, body: { message } } });
    const { store } = renderApp('/socialite?code=c&state=s', anonymous());
    expect(await screen.findByRole('heading', { name: 'You were not logged in' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('sends nothing without a state', async () => {
    const fetch = mockFetch();
    renderApp('/socialite', anonymous());
    expect(await screen.findByText('This sign-in attempt is invalid or has expired. Please try again.')).toBeInTheDocument();
    expect(fetch.requests).toHaveLength(0);
  });

  it('finishes linking for a logged-in user and goes back to the account page', async () => {
    const fetch = mockFetch({
      'POST /api/v2/account/linked-accounts/callback': {
        status: 200,
        body: { data: { provider: 'local', name: 'Local ID', linked: true, email: 'a@b.c', linked_at: '2026-01-01T00:00:00.000Z', last_used_at: null } },
      },
      'GET /api/v2/account/linked-accounts': { status: 200, body: { data: { providers: [], has_password: true } } },
      'GET /api/v2/account/sessions': { status: 200, body: { data: [] } },
    });
    renderApp('/socialite?code=c&state=s', loggedIn());
    expect(await screen.findByRole('heading', { name: 'Your account' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account/edit');
    expect(fetch.requestsTo('POST /api/v2/account/linked-accounts/callback')[0].headers.get('Authorization')).toBe('Bearer test-token');
    expect(await screen.findByText('Local ID is linked to your account.', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });
});
