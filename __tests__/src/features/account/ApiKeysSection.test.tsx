import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillIn } from '../../helpers/fillIn';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const TOKEN = `pck_${'k'.repeat(43)}`;
const key = (over: object = {}) => ({
  identifier: 'pck_kkkkkkkk',
  description: 'Discord bot',
  scopes: ['read-only', 'control.start'],
  allowed_ips: ['203.0.113.0/24'],
  expires_at: null,
  expired: false,
  created_at: '2030-01-01T00:00:00.000Z',
  last_used_at: '2030-01-02T10:00:00.000Z',
  last_used_ip: '203.0.113.9',
  ...over,
});

function renderAccount(routes: Record<string, MockRoute>) {
  const fetch = mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } }, ...routes });
  renderApp('/account/edit', loggedIn(makeUser({ username: 'alex' }), 'alex-token'));
  return { fetch, user: userEvent.setup({ delay: null }) };
}

describe('API keys on the account page', () => {
  it('lists each key with its scopes, addresses, expiry and last use, and revokes one after confirming', async () => {
    let keys = [
      key(),
      key({ identifier: 'pck_oldoldol', description: 'Old script', scopes: [], allowed_ips: [], expires_at: '2029-01-01T00:00:00.000Z', expired: true, last_used_at: null, last_used_ip: null }),
    ];
    const { fetch, user } = renderAccount({
      'GET /api/v2/account/api-keys': () => ({ status: 200, body: { data: keys } }),
      'DELETE /api/v2/account/api-keys/pck_oldoldol': () => {
        keys = keys.slice(0, 1);
        return { status: 204, body: null };
      },
    });
    const section = await screen.findByRole('region', { name: 'API keys' }, { timeout: 15_000 });
    const list = within(section).getByRole('list', { name: 'API keys' });
    const [bot, old] = await within(list).findAllByRole('listitem');
    expect(within(bot).getByText('read-only')).toBeInTheDocument();
    expect(within(bot).getByText('control.start')).toBeInTheDocument();
    expect(bot).toHaveTextContent('203.0.113.0/24');
    expect(bot).toHaveTextContent('Never expires');
    expect(bot).toHaveTextContent(/Last used .* from 203\.0\.113\.9/);
    expect(within(old).getByText('Everything you may do')).toBeInTheDocument();
    expect(old).toHaveTextContent('From any address');
    expect(old).toHaveTextContent('Never used');
    expect(within(old).getByText('Expired')).toBeInTheDocument();

    await user.click(within(old).getByRole('button', { name: 'Revoke the API key Old script' }));
    expect(fetch.requestsTo('DELETE /api/v2/account/api-keys/pck_oldoldol')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(fetch.requestsTo('DELETE /api/v2/account/api-keys/pck_oldoldol')).toHaveLength(1);
  });

  it('creates a key and shows it once with a copy button; the dialog forgets it when closed', async () => {
    const { fetch, user } = renderAccount({
      'GET /api/v2/account/api-keys': { status: 200, body: { data: [] } },
      'GET /api/v2/permissions': { status: 200, body: { data: [{ group: 'control', description: 'Power', available: true, keys: [{ key: 'control.start', description: 'Start the server' }] }] } },
      'POST /api/v2/account/api-keys': { status: 201, body: { data: { token: TOKEN, key: key() } } },
    });
    const section = await screen.findByRole('region', { name: 'API keys' }, { timeout: 15_000 });
    expect(await within(section).findByText('You have no API keys.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await fillIn(user, within(dialog).getByLabelText('Description'), 'Discord bot');
    await user.type(within(dialog).getByLabelText('Allowed IP addresses'), '203.0.113.0/24,');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText(TOKEN)).toBeInTheDocument();
    expect(within(shown).getByText('Copy this key now: it will not be shown again.')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/account/api-keys').map((r) => r.body)).toEqual([{ description: 'Discord bot', scopes: [], allowed_ips: ['203.0.113.0/24'], expires_at: null }]);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).not.toBeInTheDocument());
  });
});
