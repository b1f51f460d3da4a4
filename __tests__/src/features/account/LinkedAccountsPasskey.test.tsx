import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

jest.setTimeout(90_000);

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const b64u = (text: string) => Buffer.from(text).toString('base64url');

/** A browser with WebAuthn whose authenticator answers navigator.credentials.get() (jsdom has none). */
function fakeWebAuthn() {
  const get = jest.fn(async () => ({
    id: b64u('cred-1'),
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: bytes('client-data'), authenticatorData: bytes('auth-data'), signature: bytes('signature'), userHandle: bytes('user-handle') },
    getClientExtensionResults: () => ({}),
  }));
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
  return get;
}

afterEach(() => {
  window.localStorage.clear();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

const company = { provider: 'company', name: 'Company ID', linked: false, email: null, linked_at: null, last_used_at: null };

describe('linking a provider with a passkey on the account page', () => {
  it('confirms with one of the account’s passkeys when the account has no password, and sends the proof on', async () => {
    const get = fakeWebAuthn();
    const fetch = mockFetch({
      'GET /api/v2/account/sessions': { status: 200, body: { data: [] } },
      'GET /api/v2/account/linked-accounts': { status: 200, body: { data: { providers: [company], has_password: false, has_passkeys: true } } },
      'POST /api/v2/account/linked-accounts/passkey-options': {
        status: 200,
        body: { data: { ceremony_id: 'ceremony-1', options: { challenge: b64u('challenge'), rpId: 'localhost', allowCredentials: [] } } },
      },
      // A hash of this page stands in for the provider's address: jsdom navigates nowhere else.
      'POST /api/v2/account/linked-accounts/company': { status: 200, body: { data: { url: '#at-the-provider' } } },
    });
    renderApp('/account/edit', loggedIn(makeUser({ username: 'alex' }), 'alex-token'));
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Linked accounts' }, { timeout: 45_000 });
    await user.click(await within(section).findByRole('button', { name: 'Link' }));
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Confirm with a passkey' }));

    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/account/linked-accounts/company')).toHaveLength(1));
    expect(get).toHaveBeenCalledTimes(1);
    const body = fetch.requestsTo('POST /api/v2/account/linked-accounts/company')[0].body as { ceremony_id: string; credential: { response: { signature: string } } };
    expect(body.ceremony_id).toBe('ceremony-1');
    expect(body.credential.response.signature).toBe(b64u('signature'));
    expect(body).not.toHaveProperty('password');
    await waitFor(() => expect(window.location.hash).toBe('#at-the-provider'));
  });
});
