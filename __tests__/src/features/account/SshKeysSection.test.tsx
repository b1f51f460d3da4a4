import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillIn } from '../../helpers/fillIn';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

jest.setTimeout(90_000);
afterEach(() => window.localStorage.clear());

const laptop = {
  uuid: '6f1c7a52-3d7e-4a57-9a3e-8c1f0a2b4c5d',
  name: 'Work laptop',
  algorithm: 'ssh-ed25519',
  fingerprint: 'SHA256:Xq9Rk3m2s0yUe0nB8cz1qV4w5Hn7T6pLdJf2aKc8sEo',
  public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB',
  created_at: '2026-01-02T10:00:00Z',
  last_used_at: null,
};

function renderAccount(routes: Record<string, MockRoute>) {
  const fetch = mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } }, ...routes });
  renderApp('/account/edit', loggedIn(makeUser({ username: 'alex' }), 'alex-token'));
  return { fetch, user: userEvent.setup({ delay: null }) };
}

describe('the SSH keys section of the account page', () => {
  it('lists the keys with their fingerprints, removes one and switches key-only SFTP', async () => {
    const { fetch, user } = renderAccount({
      'GET /api/v2/account/ssh-keys': { status: 200, body: { data: [laptop], meta: { key_only: false } } },
      [`DELETE /api/v2/account/ssh-keys/${laptop.uuid}`]: { status: 204, body: null },
      'PUT /api/v2/account/sftp': { status: 200, body: { data: { key_only: true } } },
    });
    const section = await screen.findByRole('region', { name: 'SSH keys' }, { timeout: 45_000 });
    const list = within(section).getByRole('list', { name: 'SSH keys' });
    expect(await within(list).findByText(laptop.fingerprint, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(list).getByText('Never used')).toBeInTheDocument();
    await user.click(within(section).getByRole('switch'));
    await waitFor(() => expect(fetch.requestsTo('PUT /api/v2/account/sftp').map((r) => r.body)).toEqual([{ key_only: true }]));
    await user.click(within(list).getByRole('button', { name: 'Remove the SSH key Work laptop' }));
    await waitFor(() => expect(fetch.requestsTo(`DELETE /api/v2/account/ssh-keys/${laptop.uuid}`)).toHaveLength(1));
  });

  it('adds a key and shows the server’s refusal under the field', async () => {
    const refusal = 'RSA keys need at least 2048 bits (this one has 1024).';
    const { fetch, user } = renderAccount({
      'GET /api/v2/account/ssh-keys': { status: 200, body: { data: [], meta: { key_only: false } } },
      'POST /api/v2/account/ssh-keys': { status: 422, body: { message: refusal, errors: { public_key: [refusal] } } },
    });
    const section = await screen.findByRole('region', { name: 'SSH keys' }, { timeout: 15_000 });
    expect(await within(section).findByText('No SSH keys yet. SFTP accepts your password.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await fillIn(user, within(section).getByLabelText('Name'), 'Old key');
    await fillIn(user, within(section).getByLabelText('Public key'), 'ssh-rsa AAAAB3short');
    await user.click(within(section).getByRole('button', { name: 'Add key' }));
    expect(await within(section).findByRole('list', { name: 'Problems with Public key' }, { timeout: 15_000 })).toHaveTextContent(refusal);
    expect(fetch.requestsTo('POST /api/v2/account/ssh-keys').map((r) => r.body)).toEqual([{ name: 'Old key', public_key: 'ssh-rsa AAAAB3short' }]);
  });
});
