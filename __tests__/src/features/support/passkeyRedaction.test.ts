import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { makeStore } from '../../../../src/app/store';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { mockFetch } from '../../helpers/mockFetch';
import { makeUser } from '../../helpers/fixtures';

/** What passkey ceremonies send and receive that must stay out of a support log. */
const secrets = {
  ceremony: 'ceremony-5e1f2a',
  challenge: 'challenge-91bd77',
  signature: 'signature-c0ffee',
  clientData: 'clientdata-a1b2c3',
  attestation: 'attestation-d4e5f6',
  loginToken: 'tok-passkey-8e2d',
  confirmation: 'confirm-passkey-3f9a',
  removePassword: 'Rem0vePassw0rd!',
};

const user = makeUser();
const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key' as const,
  response: { clientDataJSON: secrets.clientData, authenticatorData: 'ad', signature: secrets.signature },
  clientExtensionResults: {},
};

describe('passkey requests in recorded action logs', () => {
  it('keep ceremony ids, challenges, signed answers and tokens out, the passkey names in', async () => {
    mockFetch({
      'POST /api/v2/auth/passkey/login-options': { status: 200, body: { data: { ceremony_id: secrets.ceremony, options: { challenge: secrets.challenge, rpId: 'localhost' } } } },
      'POST /api/v2/auth/passkey/login': { status: 200, body: { data: { complete: true, token: secrets.loginToken, expires_at: '2030-01-01T00:00:00.000Z', user } } },
      'POST /api/v2/auth/passkey/checkpoint': { status: 200, body: { data: { complete: true, token: secrets.loginToken, expires_at: '2030-01-01T00:00:00.000Z', user } } },
      'POST /api/v2/account/passkeys': {
        status: 201,
        body: { data: { uuid: '00000000-0000-4000-8000-000000000009', name: 'Laptop', created_at: '2030-01-01T00:00:00.000Z', last_used_at: null, synced: false } },
      },
      'DELETE /api/v2/account/passkeys/00000000-0000-4000-8000-000000000009': { status: 204 },
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.startPasskeyLogin.initiate()).unwrap();
    await store.dispatch(authApi.endpoints.loginWithPasskey.initiate({ body: { ceremony_id: secrets.ceremony, credential: assertion } })).unwrap();
    await store.dispatch(authApi.endpoints.passkeyCheckpoint.initiate({ body: { token: secrets.confirmation, ceremony_id: secrets.ceremony, credential: assertion } })).unwrap();
    const registration = { ...assertion, response: { clientDataJSON: secrets.clientData, attestationObject: secrets.attestation } };
    await store.dispatch(accountApi.endpoints.registerPasskey.initiate({ body: { ceremony_id: secrets.ceremony, name: 'Laptop', credential: registration } })).unwrap();
    await store.dispatch(accountApi.endpoints.removePasskey.initiate({ passkey: '00000000-0000-4000-8000-000000000009', body: { password: secrets.removePassword } })).unwrap();

    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    for (const [name, secret] of Object.entries(secrets)) {
      if (text.includes(secret)) throw new Error(`The export contains the secret "${name}"`);
    }
    expect(text).toContain('Laptop');
    expect(text).toContain('registerPasskey');
  });
});
