import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { makeServer } from '../../helpers/serverFixture';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

describe('an invitation link on the dashboard', () => {
  it('accepts the invitation, after which the shared server is in the list', async () => {
    let accepted = false;
    const fetch = mockFetch({
      'GET /api/v2/servers/': () => ({ status: 200, body: { data: accepted ? [makeServer({ name: 'Shared world', is_owner: false })] : [] } }),
      'POST /api/v2/account/invitations/accept': () => {
        accepted = true;
        return { status: 200, body: { data: { server_identifier: 's1' } } };
      },
    });
    renderApp('/?invitation=secret-token', loggedIn(makeUser()));
    expect(await screen.findByText('You have been invited to a server')).toBeInTheDocument();
    expect(screen.getByText('You have no servers yet')).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('article', { name: 'Shared world' })).toBeInTheDocument();
    expect(screen.getByText('The invitation was accepted: the server is now in your list.')).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/account/invitations/accept')[0].body).toEqual({ token: 'secret-token' });
    // The single-use token leaves the address.
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('says why an invitation could not be accepted', async () => {
    mockFetch({
      'GET /api/v2/servers/': { status: 200, body: { data: [] } },
      'POST /api/v2/account/invitations/accept': { status: 422, body: { message: 'This invitation has expired.', errors: { token: ['This invitation has expired.'] } } },
    });
    renderApp('/?invitation=old-token', loggedIn(makeUser()));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findAllByText('This invitation has expired.')).length).toBeGreaterThan(0);
  });
});
