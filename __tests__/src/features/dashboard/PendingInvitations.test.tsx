import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../../src/app/store';
import { loggedOut } from '../../../../src/core/session/sessionSlice';
import { INVITATION_TOKENS_KEY } from '../../../../src/core/session/invitationTokens';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { makeServer } from '../../helpers/serverFixture';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const invitation = {
  uuid: '3f8a1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  server: { identifier: 's1', name: 'Shared world' },
  invited_by: { username: 'owner' },
  role: { uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Moderator' },
  permissions: ['websocket.connect', 'control.console'],
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-27T10:00:00.000Z',
};

describe('invitations on the dashboard', () => {
  it('names the server and the inviter of a mailed link, keep it after a reload, and accept it', async () => {
    let accepted = false;
    const fetch = mockFetch({
      'GET /api/v2/servers/': () => ({ status: 200, body: { data: accepted ? [makeServer({ name: 'Shared world', is_owner: false })] : [] } }),
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'POST /api/v2/account/invitations/lookup': () => (accepted ? { status: 404, body: { message: 'gone' } } : { status: 200, body: { data: invitation } }),
      'POST /api/v2/account/invitations/accept': () => {
        accepted = true;
        return { status: 200, body: { data: { server_identifier: 's1' } } };
      },
    });
    const first = renderApp('/?invitation=secret-token', loggedIn(makeUser()));
    const card = await screen.findByRole('region', { name: 'Invitation to Shared world' });
    expect(within(card).getByText('owner invited you to the server Shared world')).toBeInTheDocument();
    expect(within(card).getByText(/You would join as Moderator\./)).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/account/invitations/lookup')[0].body).toEqual({ token: 'secret-token' });
    // The single-use token leaves the address at once, and is kept until answered.
    await waitFor(() => expect(currentLocation()).toBe('/'));
    first.unmount();

    renderApp('/', loggedIn(makeUser()));
    const again = await screen.findByRole('region', { name: 'Invitation to Shared world' });
    await userEvent.setup({ delay: null }).click(within(again).getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('article', { name: 'Shared world' })).toBeInTheDocument();
    expect(screen.getByText('You joined Shared world: it is now in your list.')).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/account/invitations/accept')[0].body).toEqual({ token: 'secret-token' });
    expect(screen.queryByRole('region', { name: 'Invitation to Shared world' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INVITATION_TOKENS_KEY)).toBeNull();
  });

  it('declines with the token, and the invitation is gone', async () => {
    let declined = false;
    const fetch = mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'POST /api/v2/account/invitations/lookup': () => (declined ? { status: 404, body: { message: 'gone' } } : { status: 200, body: { data: invitation } }),
      'POST /api/v2/account/invitations/decline': () => {
        declined = true;
        return { status: 204, body: null };
      },
    });
    renderApp('/?invitation=secret-token', loggedIn(makeUser()));
    const card = await screen.findByRole('region', { name: 'Invitation to Shared world' });
    await userEvent.setup({ delay: null }).click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation to Shared world' })).not.toBeInTheDocument());
    expect(fetch.requestsTo('POST /api/v2/account/invitations/decline')[0].body).toEqual({ token: 'secret-token' });
    expect(window.localStorage.getItem(INVITATION_TOKENS_KEY)).toBeNull();
  });

  it('shows an invitation addressed to the account’s email without a link: accept needs the mail, decline works', async () => {
    let listed = [invitation];
    const fetch = mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': () => ({ status: 200, body: { data: listed } }),
      'POST /api/v2/account/invitations/decline': () => {
        listed = [];
        return { status: 204, body: null };
      },
    });
    renderApp('/', loggedIn(makeUser()));
    const card = await screen.findByRole('region', { name: 'Invitation to Shared world' });
    expect(within(card).getByText('To accept, open the link in the invitation mail sent to your address.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation to Shared world' })).not.toBeInTheDocument());
    expect(fetch.requestsTo('POST /api/v2/account/invitations/decline')[0].body).toEqual({ uuid: invitation.uuid });
  });

  it('says when a link no longer works, and logging out forgets the links opened here', async () => {
    mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'GET /api/v2/account/invitations': { status: 200, body: { data: [] } },
      'POST /api/v2/account/invitations/lookup': { status: 404, body: { message: 'This invitation is invalid, was already used or has expired.' } },
    });
    renderApp('/?invitation=old-token', loggedIn(makeUser()));
    expect(await screen.findByText('This invitation link no longer works')).toBeInTheDocument();
    expect(window.localStorage.getItem(INVITATION_TOKENS_KEY)).toBeNull();

    window.localStorage.setItem(INVITATION_TOKENS_KEY, JSON.stringify(['kept-token']));
    makeStore(loggedIn(makeUser())).dispatch(loggedOut());
    expect(window.localStorage.getItem(INVITATION_TOKENS_KEY)).toBeNull();
  });
});
