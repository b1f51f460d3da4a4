import { configure, screen, within } from '@testing-library/react';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

// The admin pages' chunk (antd Table, Form, Drawer) renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const admin = makeUser({ username: 'boss', root_admin: true, use_totp: true });

describe('the admin area’s catalogue pages', () => {
  // Importing an egg (preview, then import) and creating and editing a plan run against the real panel in e2e/admin-area.spec.ts.
  it('lists the DNS zones with their health and says when none are set up', async () => {
    mockFetch({
      'GET /api/v2/admin/dns-zones': {
        status: 200,
        body: { data: [{ zone: 'play.example.com', provider: 'rfc2136', server: '192.0.2.53:53', ttl: 300, subdomains: 4, health: 'down' }], meta: { configured: true } },
      },
    });
    renderApp('/admin/dns-zones', loggedIn(admin, 'admin-token'));
    const row = await screen.findByRole('row', { name: /play\.example\.com/ });
    expect(within(row).getByText('Not answering')).toBeInTheDocument();
    expect(within(row).getByText(/192\.0\.2\.53:53/)).toBeInTheDocument();
    expect(screen.queryByText(/No DNS zones are set up/)).toBeNull();
  });
});
