import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { fillIn } from '../../helpers/fillIn';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

async function fillPasswordStep(login: string, password: string, remember = false) {
  const user = userEvent.setup({ delay: null });
  await fillIn(user, await screen.findByLabelText('Username or email'), login);
  await fillIn(user, screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('the login page', () => {
  it('logs in with username or email, password and remember me, then opens the dashboard', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/login': { status: 200, body: completeLogin(makeUser(), 'fresh-token') } });
    const { store } = renderApp('/login', anonymous());
    await fillPasswordStep('steve@example.com', 'correct horse battery', true);

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(fetch.requestsTo('POST /api/v2/auth/login')[0].body).toEqual({ login: 'steve@example.com', password: 'correct horse battery', remember: true });
    expect(window.localStorage.getItem('access_token')).toBe('fresh-token');
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('shows the server messages under the login field and as a notification', async () => {
    mockFetch({
      'POST /api/v2/auth/login': {
        status: 422,
        body: { message: 'These credentials do not match our records.', errors: { login: ['These credentials do not match our records.'] } },
      },
    });
    renderApp('/login', anonymous());
    await fillPasswordStep('steve', 'wrong password');

    const list = await screen.findByRole('list', { name: 'Problems with Username or email' });
    expect(within(list).getByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Problems with Password' })).not.toBeInTheDocument();
    const notice = await screen.findByRole('alert', { name: 'Error' });
    expect(within(notice).getByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('asks for the two-factor code when the account has it on, and accepts a recovery code', async () => {
    const fetch = mockFetch({
      'POST /api/v2/auth/login': { status: 200, body: { data: { complete: false, confirmation_token: 'confirm-123' } } },
      'POST /api/v2/auth/login-checkpoint': { status: 200, body: completeLogin(makeUser({ use_totp: true }), 'token-after-2fa') },
    });
    const { store } = renderApp('/login', anonymous());
    const user = await fillPasswordStep('steve', 'correct horse battery');

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    // Nothing is logged in yet: the password alone is not enough.
    expect(store.getState().session.status).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();

    await fillIn(user, screen.getByLabelText('Authentication code'), ' ABCD-EFGH-12 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/login-checkpoint')[0].body).toEqual({ token: 'confirm-123', authentication_code: 'ABCD-EFGH-12' });
    expect(window.localStorage.getItem('access_token')).toBe('token-after-2fa');
  });

  it('shows a wrong code under the code field and lets the user go back', async () => {
    mockFetch({
      'POST /api/v2/auth/login': { status: 200, body: { data: { complete: false, confirmation_token: 'confirm-123' } } },
      'POST /api/v2/auth/login-checkpoint': {
        status: 422,
        body: { message: 'The code is not valid.', errors: { authentication_code: ['The code is not valid.'] } },
      },
    });
    renderApp('/login', anonymous());
    const user = await fillPasswordStep('steve', 'correct horse battery');
    await fillIn(user, await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const list = await screen.findByRole('list', { name: 'Problems with Authentication code' });
    expect(within(list).getByText('The code is not valid.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByLabelText('Username or email')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Problems with/ })).not.toBeInTheDocument();
  });

  it('asks for both fields before sending anything', async () => {
    const fetch = mockFetch();
    const user = userEvent.setup({ delay: null });
    renderApp('/login', anonymous());
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('list', { name: 'Problems with Username or email' })).toHaveTextContent('This field is required');
    expect(screen.getByRole('list', { name: 'Problems with Password' })).toHaveTextContent('This field is required');
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent: only the host's brand and the providers for the social-login buttons were asked for.
    expect(fetch.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/v2/auth/oauth/providers', 'GET /api/v2/panel/branding']);
  });

  it('shows the password on request', async () => {
    mockFetch();
    const user = userEvent.setup({ delay: null });
    renderApp('/login', anonymous());
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to sign up, keeping where the visitor was going', async () => {
    mockFetch();
    renderApp('/login?redirect=%2Faccount%2Fedit', anonymous());
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/sign-up?redirect=%2Faccount%2Fedit'));
  });
});
