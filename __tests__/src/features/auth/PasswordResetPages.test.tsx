import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { fillIn } from '../../helpers/fillIn';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const requested = { status: 202, body: { message: 'If an account uses this address, a mail with a link to reset its password is on its way.' } };
const linkLive = { 'POST /api/v2/auth/reset-password/check': { status: 200, body: { data: { valid: true } } } };
const linkSpent = { 'POST /api/v2/auth/reset-password/check': { status: 200, body: { data: { valid: false } } } };
const linkRefused = {
  status: 422,
  body: {
    message: 'This password reset link is invalid or has expired. Please ask for a new one.',
    errors: { token: ['This password reset link is invalid or has expired. Please ask for a new one.'] },
  },
};

describe('forgot password', () => {
  it('is linked from the login page and sends the address, then says the same for every address', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/forgot-password': requested });
    renderApp('/login', anonymous());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(currentLocation()).toBe('/forgot-password'));

    await fillIn(user, await screen.findByLabelText('Email'), 'alex@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeInTheDocument();
    expect(screen.getByText(/If an account uses alex@example.com, we have sent it a link/)).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/forgot-password').map((r) => r.body)).toEqual([{ email: 'alex@example.com' }]);
  });

  it('asks for the address before sending anything', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/forgot-password': requested });
    renderApp('/forgot-password', anonymous());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const list = await screen.findByRole('list', { name: 'Problems with Email' });
    expect(within(list).getByText('This field is required')).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/forgot-password')).toHaveLength(0);
  });

  it('is for guests only: a logged-in visitor goes to the dashboard', async () => {
    mockFetch({});
    renderApp('/forgot-password', loggedIn(makeUser({ username: 'alex' }), 'session'));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('reset password (the mail’s link)', () => {
  async function choose(password: string, confirmation = password) {
    const user = userEvent.setup({ delay: null });
    await fillIn(user, await screen.findByLabelText('New password'), password);
    await fillIn(user, screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('sends the token with the new password, logs nobody in and leads to the login', async () => {
    const fetch = mockFetch({ ...linkLive, 'POST /api/v2/auth/reset-password': { status: 200, body: { message: 'Your password has been reset. Log in with your new password.' } } });
    const { store } = renderApp('/reset-password?token=reset-abc', anonymous());
    await choose('a brand new password');

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/reset-password').map((r) => r.body)).toEqual([{ token: 'reset-abc', password: 'a brand new password', password_confirmation: 'a brand new password' }]);
    expect(store.getState().session.status).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('shows the password rules under the fields and a refused link above the form', async () => {
    mockFetch({
      ...linkLive,
      'POST /api/v2/auth/reset-password': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { password: ['Must be at least 8 characters'], password_confirmation: ['The password confirmation does not match'] } },
      },
    });
    renderApp('/reset-password?token=reset-abc', anonymous());
    await choose('short', 'other');
    const password = await screen.findByRole('list', { name: 'Problems with New password' });
    expect(within(password).getByText('Must be at least 8 characters')).toBeInTheDocument();
    const confirmation = screen.getByRole('list', { name: 'Problems with Confirm new password' });
    expect(within(confirmation).getByText('The password confirmation does not match')).toBeInTheDocument();
  });

  it('checks the link when the page opens: a spent or expired one gets no form, but a way to a new one', async () => {
    const fetch = mockFetch({ ...linkSpent });
    renderApp('/reset-password?token=spent-abc', anonymous());
    expect(await screen.findByText('This link was already used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(fetch.requestsTo('POST /api/v2/auth/reset-password/check').map((r) => r.body)).toEqual([{ token: 'spent-abc' }]);
  });

  it('says when the link is spent while the form was open and offers a new one', async () => {
    mockFetch({ ...linkLive, 'POST /api/v2/auth/reset-password': linkRefused });
    renderApp('/reset-password?token=spent', anonymous());
    await choose('a brand new password');
    const list = await screen.findByRole('list', { name: 'Problems with The reset link' });
    expect(within(list).getByText(/invalid or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token, points to the request page', async () => {
    mockFetch({});
    renderApp('/reset-password', anonymous());
    expect(await screen.findByText('This page needs the link from the reset mail.')).toBeInTheDocument();
  });
});

describe('the login answer’s security notice', () => {
  it('tells the owner how many two-factor codes failed since the last login', async () => {
    const answer = completeLogin(makeUser({ username: 'alex' }), 'token-1');
    mockFetch({ 'POST /api/v2/auth/login': { status: 200, body: { data: { ...answer.data, failed_two_factor_attempts: 4 } } } });
    renderApp('/login', anonymous());
    const user = userEvent.setup({ delay: null });
    await fillIn(user, await screen.findByLabelText('Username or email'), 'alex');
    await fillIn(user, screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Failed two-factor attempts since your last login: 4. If this was not you, change your password.')).toBeInTheDocument();
  });
});
