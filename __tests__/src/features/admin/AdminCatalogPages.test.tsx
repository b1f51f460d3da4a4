import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type RecordedRequest } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';
import type { ListAdminDnsZonesApiResponse } from '../../../../src/api/generated/admin.gen';

// The admin pages' chunk (antd Table, Form, Drawer) renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const admin = makeUser({ username: 'boss', root_admin: true, use_totp: true });
const zoneOf = (zone: string, subdomains = 0, health: 'ok' | 'down' = 'ok') => ({ zone, provider: 'rfc2136' as const, server: '192.0.2.53:53', ttl: 300, subdomains, health });

describe('the admin area’s catalogue pages', () => {
  // Importing an egg (preview, then import) and creating and editing a plan run against the real panel in e2e/admin-area.spec.ts.
  it('lists the DNS zones with their health, adds one (the server’s 422 under the field) and removes one after a confirm', async () => {
    // The list the "server" holds: the page's add and remove go through it, so the table shows their effect.
    const zones = [zoneOf('play.example.com', 4, 'down'), zoneOf('old.example.com')];
    const list = (): { status: number; body: ListAdminDnsZonesApiResponse } => ({ status: 200, body: { data: [...zones], meta: { configured: true, max_zones: 50 } } });
    const add = ({ body }: RecordedRequest) => {
      const { zone } = body as { zone: string };
      if (zone === 'bad_zone') return { status: 422, body: { message: 'The given data was invalid.', errors: { zone: ['Must be a DNS name such as play.example.com.'] } } };
      zones.push(zoneOf(zone));
      return { status: 201, body: { data: zoneOf(zone) } };
    };
    const fetch = mockFetch({
      'GET /api/v2/admin/dns-zones': list,
      'POST /api/v2/admin/dns-zones': add,
      'DELETE /api/v2/admin/dns-zones/old.example.com': () => {
        zones.splice(1, 1);
        return { status: 204 };
      },
    });
    renderApp('/admin/dns-zones', loggedIn(admin, 'admin-token'));
    const clicker = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: /play\.example\.com/ });
    expect(within(row).getByText('Not answering')).toBeInTheDocument();
    expect(within(row).getByText(/192\.0\.2\.53:53/)).toBeInTheDocument();
    expect(screen.queryByText(/No DNS zones are set up/)).toBeNull();

    const field = screen.getByLabelText('New zone');
    await clicker.type(field, 'bad_zone');
    await clicker.click(screen.getByRole('button', { name: 'Add zone' }));
    expect(await screen.findByText('Must be a DNS name such as play.example.com.')).toBeInTheDocument();
    await clicker.clear(field);
    await clicker.type(field, 'new.example.com');
    await clicker.click(screen.getByRole('button', { name: 'Add zone' }));
    expect(await screen.findByRole('row', { name: /new\.example\.com/ })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/admin/dns-zones').map((request) => request.body)).toEqual([{ zone: 'bad_zone' }, { zone: 'new.example.com' }]);
    await waitFor(() => expect(screen.getByLabelText('New zone')).toHaveValue(''));

    // A zone with subdomains cannot be confirmed away; an unused one can.
    await clicker.click(within(row).getByRole('button', { name: 'Remove the zone play.example.com' }));
    expect(await screen.findByText(/their owners remove them/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    await clicker.click(within(screen.getByRole('row', { name: /old\.example\.com/ })).getByRole('button', { name: 'Remove the zone old.example.com' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'OK' }).filter((button) => !button.hasAttribute('disabled'))).toHaveLength(1));
    await clicker.click(screen.getAllByRole('button', { name: 'OK' }).find((button) => !button.hasAttribute('disabled')) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('row', { name: /old\.example\.com/ })).toBeNull());
    expect(fetch.requestsTo('DELETE /api/v2/admin/dns-zones/old.example.com')).toHaveLength(1);
  });
});
