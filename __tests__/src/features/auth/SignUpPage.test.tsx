import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { fillIn } from '../../helpers/fillIn';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

async function fillSignUp() {
  const user = userEvent.setup({ delay: null });
  await fillIn(user, await screen.findByLabelText('Username'), 'alex');
  await fillIn(user, screen.getByLabelText('Email'), 'alex@example.com');
  await fillIn(user, screen.getByLabelText('Password'), 'a long password');
  await fillIn(user, screen.getByLabelText('Confirm password'), 'a long password');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  return user;
}

const messages = {
  username: ['The username has already been taken.', 'The username may only contain a-z, 0-9, _ . and -.'],
  email: ['Please enter a valid email'],
  password: ['The password must be at least 8 characters.'],
  password_confirmation: ['The password confirmation does not match.'],
};

describe('the sign-up page', () => {
  it('shows each field its own list of server messages', async () => {
    mockFetch({ 'POST /api/v2/auth/register': { status: 422, body: { message: 'The given data was invalid.', errors: messages } } });
    renderApp('/sign-up', anonymous());
    await fillSignUp();

    const lists: [string, string[]][] = [
      ['Username', messages.username],
      ['Email', messages.email],
      ['Password', messages.password],
      ['Confirm password', messages.password_confirmation],
    ];
    for (const [label, expected] of lists) {
      const list = await screen.findByRole('list', { name: `Problems with ${label}` });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(expected);
    }
  });

  it('sends the form with the confirmation and remember me, and logs in at once', async () => {
    const fetch = mockFetch({ 'POST /api/v2/auth/register': { status: 201, body: completeLogin(makeUser({ username: 'alex' }), 'sign-up-token') } });
    const { store } = renderApp('/sign-up', anonymous());
    await fillSignUp();

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(fetch.requestsTo('POST /api/v2/auth/register')[0].body).toEqual({
      username: 'alex',
      email: 'alex@example.com',
      password: 'a long password',
      password_confirmation: 'a long password',
      remember: false,
    });
    expect(window.localStorage.getItem('access_token')).toBe('sign-up-token');
    expect(store.getState().session.user?.username).toBe('alex');
  });

  it('clears the messages when the page is left', async () => {
    mockFetch({ 'POST /api/v2/auth/register': { status: 422, body: { message: 'The given data was invalid.', errors: messages } } });
    const { store } = renderApp('/sign-up', anonymous());
    const user = await fillSignUp();
    await screen.findByRole('list', { name: 'Problems with Username' });
    expect(Object.keys(store.getState().validation.errors)).toHaveLength(4);

    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect(store.getState().validation.errors).toEqual({});
    // The login page has a Password field too: it must not inherit the sign-up's messages.
    expect(screen.queryByRole('list', { name: 'Problems with Password' })).not.toBeInTheDocument();
  });
});
