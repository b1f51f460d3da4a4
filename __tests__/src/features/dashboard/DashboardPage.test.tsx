import { screen } from '@testing-library/react';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

// The first render loads the lazy page: slow on a loaded machine.
jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

describe('the dashboard', () => {
  it('greets the user and says there are no servers yet', async () => {
    mockFetch({ 'GET /api/v2/servers/': { status: 200, body: { data: [] } } });
    renderApp('/', loggedIn(makeUser({ name_first: 'Alex' })));
    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Alex.')).toBeInTheDocument();
    expect(await screen.findByText('You have no servers yet')).toBeInTheDocument();
  });

  it('falls back to the username without a first name', async () => {
    mockFetch({ 'GET /api/v2/servers/': { status: 200, body: { data: [] } } });
    renderApp('/', loggedIn(makeUser({ name_first: null, username: 'steve' })));
    expect(await screen.findByText('Welcome back, steve.')).toBeInTheDocument();
  });

  it('says "Welcome" without "back" in the account’s first session (right after sign-up)', async () => {
    mockFetch({ 'GET /api/v2/servers/': { status: 200, body: { data: [] } } });
    renderApp('/', loggedIn(makeUser({ name_first: 'Alex', first_session: true })));
    expect(await screen.findByText('Welcome, Alex.')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back, Alex.')).not.toBeInTheDocument();
  });
});
