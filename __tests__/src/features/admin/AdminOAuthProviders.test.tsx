import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';
import type { ListAdminOAuthProvidersApiResponse } from '../../../../src/api/generated/admin.gen';

// The admin pages' chunk (antd Table, Form, Drawer) renders slowly in jsdom on a loaded machine.
configure({ asyncUtilTimeout: 20_000 });
jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const admin = makeUser({ username: 'boss', root_admin: true, use_totp: true });
const base = { has_client_secret: true, enabled: true, linked_accounts: 0, created_at: null, updated_at: null };
const providers: ListAdminOAuthProvidersApiResponse = {
  data: [
    { ...base, id: 'discord', kind: 'discord', name: 'Discord', client_id: 'discord-client', issuer: null, source: 'settings' },
    { ...base, id: 'staff', kind: 'oidc', name: 'Staff ID', client_id: 'panel', issuer: 'https://id.example.com', source: 'admin', linked_accounts: 2 },
  ],
  meta: { callback_url: 'https://panel.example.com/socialite' },
};

describe('the admin area’s social-login page', () => {
  it('lists the settings’ providers read-only, shows the callback URL, and edits a provider without ever showing its secret', async () => {
    const fetch = mockFetch({
      'GET /api/v2/admin/oauth-providers': { status: 200, body: providers },
      'PATCH /api/v2/admin/oauth-providers/staff': { status: 200, body: { data: { oauth_provider: { ...providers.data[1], name: 'Staff login' } } } },
    });
    renderApp('/admin/social-login', loggedIn(admin, 'admin-token'));
    const clicker = userEvent.setup({ delay: null });
    expect(await screen.findByText('https://panel.example.com/socialite')).toBeInTheDocument();
    const settingsRow = screen.getByRole('row', { name: /Discord/ });
    expect(within(settingsRow).getByText('Panel settings')).toBeInTheDocument();
    expect(within(settingsRow).getByRole('switch')).toBeDisabled();
    expect(within(settingsRow).queryByRole('button', { name: 'Edit' })).toBeNull();

    await clicker.click(within(screen.getByRole('row', { name: /Staff ID/ })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByLabelText('Client secret (empty: the stored one stays)')).toHaveValue('');
    expect(within(form).getByLabelText('Issuer (the discovery base URL)')).toHaveValue('https://id.example.com');
    const name = within(form).getByLabelText('Name on the button (empty: the provider’s own name)');
    await clicker.clear(name);
    await clicker.type(name, 'Staff login');
    await clicker.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.requestsTo('PATCH /api/v2/admin/oauth-providers/staff')).toHaveLength(1));
    const body = fetch.requestsTo('PATCH /api/v2/admin/oauth-providers/staff')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Staff login', kind: 'oidc', client_id: 'panel', issuer: 'https://id.example.com', enabled: true });
    expect(body).not.toHaveProperty('client_secret');
  });
});
