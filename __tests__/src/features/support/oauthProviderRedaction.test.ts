import { accountApi } from '../../../../src/api/account';
import { adminApi } from '../../../../src/api/generated/admin.gen';
import { makeStore } from '../../../../src/app/store';
import { createReplayStore } from '../../../../src/app/replay/createReplayStore';
import { replayReducer } from '../../../../src/app/replay/replayReducer';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { parseActionLog } from '../../../../src/features/support/parseActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { ReplayTimeline } from '../../../../src/features/support/replayTimeline';
import { mockFetch } from '../../helpers/mockFetch';

/** What the social-login admin page and passkey-confirmed linking send that must stay out of a support log. */
const secrets = {
  clientSecret: 'client-secret-7d1e0b',
  newClientSecret: 'client-secret-rotated-55aa',
  ceremony: 'ceremony-link-4b2c',
  signature: 'signature-link-beef',
};

const provider = {
  id: 'company',
  kind: 'oidc' as const,
  name: 'Company ID',
  client_id: 'panel-client',
  has_client_secret: true,
  issuer: 'https://id.example.com',
  enabled: true,
  source: 'admin' as const,
  linked_accounts: 0,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

describe('social-login requests in recorded action logs', () => {
  it('keep client secrets and passkey proofs out, the providers in, and replay into the admin page’s cache', async () => {
    mockFetch({
      'GET /api/v2/admin/oauth-providers': { status: 200, body: { data: [provider], meta: { callback_url: 'https://panel.example.com/socialite' } } },
      'POST /api/v2/admin/oauth-providers': { status: 201, body: { data: { oauth_provider: provider } } },
      'PATCH /api/v2/admin/oauth-providers/company': { status: 200, body: { data: { oauth_provider: provider } } },
      'POST /api/v2/account/linked-accounts/passkey-options': { status: 200, body: { data: { ceremony_id: secrets.ceremony, options: { challenge: 'c' } } } },
      'POST /api/v2/account/linked-accounts/company': { status: 200, body: { data: { url: 'https://id.example.com/auth?state=s' } } },
    });
    const store = makeStore();
    await store.dispatch(adminApi.endpoints.listAdminOAuthProviders.initiate()).unwrap();
    const { id, kind, name, client_id, issuer } = provider;
    await store.dispatch(adminApi.endpoints.createAdminOAuthProvider.initiate({ body: { id, kind, name, client_id, issuer, client_secret: secrets.clientSecret } })).unwrap();
    await store.dispatch(adminApi.endpoints.updateAdminOAuthProvider.initiate({ provider: 'company', body: { client_secret: secrets.newClientSecret } })).unwrap();
    await store.dispatch(accountApi.endpoints.startLinkPasskeyConfirmation.initiate()).unwrap();
    const credential = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key' as const,
      response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: secrets.signature },
      clientExtensionResults: {},
    };
    await store.dispatch(accountApi.endpoints.startAccountLink.initiate({ provider: 'company', body: { ceremony_id: secrets.ceremony, credential } })).unwrap();

    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    for (const [label, secret] of Object.entries(secrets)) {
      if (text.includes(secret)) throw new Error(`The export contains the secret "${label}"`);
    }
    expect(text).toContain('Company ID');
    expect(text).toContain('createAdminOAuthProvider');

    const timeline = new ReplayTimeline(parseActionLog(text), replayReducer);
    const replayed: unknown = createReplayStore(timeline.stateAt(timeline.length)).getState();
    type AdminRoot = Parameters<ReturnType<typeof adminApi.endpoints.listAdminOAuthProviders.select>>[0];
    expect(adminApi.endpoints.listAdminOAuthProviders.select()(replayed as AdminRoot).data?.data).toEqual([provider]);
  });
});
