import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillIn } from '../../helpers/fillIn';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const preview = (twoFactor: boolean) => ({
  status: 200,
  body: {
    data: {
      owned_servers: [{ identifier: 'abc12345', name: 'Survival world' }],
      shared_servers: [{ identifier: 'def67890', name: 'Creative build', owner: 'sam' }],
      two_factor: twoFactor,
    },
  },
});

function renderAccount(routes: Record<string, MockRoute>) {
  const fetch = mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } }, ...routes });
  const result = renderApp('/account/edit', loggedIn(makeUser({ username: 'alex' }), 'alex-token'));
  return { ...result, fetch, user: userEvent.setup({ delay: null }) };
}

async function openDeletion(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole('region', { name: 'Delete account' });
  await user.click(within(section).getByRole('button', { name: 'Delete my account…' }));
  return section;
}

describe('deleting the account', () => {
  it('names the servers that go and the shares that end before asking for the password, then logs out', async () => {
    const { fetch, store, user } = renderAccount({
      'GET /api/v2/account/deletion': preview(false),
      'DELETE /api/v2/account/': { status: 204, body: null },
      // The session ended with the account: the logout call meets a dead token.
      'POST /api/v2/auth/logout': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    const section = await openDeletion(user);
    const owned = await within(section).findByRole('list', { name: 'Your servers that will be deleted' });
    expect(within(owned).getByText('Survival world')).toBeInTheDocument();
    const shared = within(section).getByRole('list', { name: 'Shared servers you will lose access to' });
    expect(within(shared).getByText('Creative build (owned by sam)')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Two-factor code')).not.toBeInTheDocument();

    await fillIn(user, within(section).getByLabelText('Current password'), 'my password');
    await user.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(fetch.requestsTo('DELETE /api/v2/account/').map((r) => r.body)).toEqual([{ password: 'my password' }]);
    expect(store.getState().session.status).toBe('anonymous');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByText('Your account and your servers have been deleted.')).toBeInTheDocument();
  });

  it('asks for a two-factor code when two-factor is on and shows the server’s messages under the fields', async () => {
    const { fetch, store, user } = renderAccount({
      'GET /api/v2/account/deletion': preview(true),
      'DELETE /api/v2/account/': {
        status: 422,
        body: { message: 'This code was just used. Wait for the next one.', errors: { code: ['This code was just used. Wait for the next one.'] } },
      },
    });
    const section = await openDeletion(user);
    await fillIn(user, await within(section).findByLabelText('Current password'), 'my password');
    await fillIn(user, within(section).getByLabelText('Two-factor code'), ' 123456 ');
    await user.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    const problems = await within(section).findByRole('list', { name: 'Problems with Two-factor code' });
    expect(within(problems).getByText('This code was just used. Wait for the next one.')).toBeInTheDocument();
    expect(fetch.requestsTo('DELETE /api/v2/account/').map((r) => r.body)).toEqual([{ password: 'my password', code: '123456' }]);
    expect(store.getState().session.status).toBe('authenticated');
    expect(currentLocation()).toBe('/account/edit');
  });
});
