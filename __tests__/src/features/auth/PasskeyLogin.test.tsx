import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anonymous, completeLogin, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { currentLocation, renderApp } from '../../helpers/renderApp';
import { fillIn } from '../../helpers/fillIn';

jest.setTimeout(30_000);

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const b64u = (text: string) => Buffer.from(text).toString('base64url');

/**
 * A browser with WebAuthn whose authenticator answers every navigator.credentials.get() with
 * the same assertion (jsdom has none): what the page sends on is checked, not the signature.
 */
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

const options = { ceremony_id: 'ceremony-1', options: { challenge: b64u('challenge'), rpId: 'localhost', userVerification: 'required', allowCredentials: [] } };
const assertion = {
  id: b64u('cred-1'),
  rawId: b64u('cred-1'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: b64u('client-data'), authenticatorData: b64u('auth-data'), signature: b64u('signature'), userHandle: b64u('user-handle') },
  clientExtensionResults: {},
};

afterEach(() => {
  window.localStorage.clear();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('passkeys on the login page', () => {
  it('logs in with a passkey alone, keeping “remember me”', async () => {
    const get = fakeWebAuthn();
    const fetch = mockFetch({
      'POST /api/v2/auth/passkey/login-options': { status: 200, body: { data: options } },
      'POST /api/v2/auth/passkey/login': { status: 200, body: completeLogin(makeUser(), 'passkey-token') },
    });
    renderApp('/login', anonymous());
    const user = userEvent.setup({ delay: null });
    // The first render of a test file loads the login route, slow on a busy machine.
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Continue with a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(get).toHaveBeenCalledTimes(1);
    expect(fetch.requestsTo('POST /api/v2/auth/passkey/login')[0].body).toEqual({ ceremony_id: 'ceremony-1', credential: assertion, remember: true });
    expect(window.localStorage.getItem('access_token')).toBe('passkey-token');
  });

  it('offers a passkey instead of the code only when the account has one', async () => {
    fakeWebAuthn();
    const fetch = mockFetch({
      'POST /api/v2/auth/login': { status: 200, body: { data: { complete: false, confirmation_token: 'confirm-1', has_passkeys: true } } },
      'POST /api/v2/auth/passkey/checkpoint-options': { status: 200, body: { data: options } },
      'POST /api/v2/auth/passkey/checkpoint': { status: 200, body: completeLogin(makeUser({ use_totp: true }), 'after-passkey') },
    });
    renderApp('/login', anonymous());
    const user = userEvent.setup({ delay: null });
    await fillIn(user, await screen.findByLabelText('Username or email'), 'steve');
    await fillIn(user, screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Your servers' })).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/passkey/checkpoint-options')[0].body).toEqual({ token: 'confirm-1' });
    expect(fetch.requestsTo('POST /api/v2/auth/passkey/checkpoint')[0].body).toEqual({ token: 'confirm-1', ceremony_id: 'ceremony-1', credential: assertion });
    expect(window.localStorage.getItem('access_token')).toBe('after-passkey');
  });

  it('tells the user when the browser’s passkey prompt was cancelled, and sends nothing on', async () => {
    const get = fakeWebAuthn();
    get.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const fetch = mockFetch({ 'POST /api/v2/auth/passkey/login-options': { status: 200, body: { data: options } } });
    renderApp('/login', anonymous());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with a passkey' }));
    expect(await screen.findByText('No passkey was used: the request was cancelled or timed out.')).toBeInTheDocument();
    expect(fetch.requestsTo('POST /api/v2/auth/passkey/login')).toHaveLength(0);
    expect(currentLocation()).toBe('/login');
  });
});
