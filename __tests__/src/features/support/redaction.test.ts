import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { apiKeysApi } from '../../../../src/api/apiKeys';
import { adminApi } from '../../../../src/api/generated/admin.gen';
import { serversApi } from '../../../../src/api/servers';
import { makeStore } from '../../../../src/app/store';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { redactAction, redactState, redactValue } from '../../../../src/features/support/redact';
import { REDACTED } from '../../../../src/features/support/redactionList';
import { sanitizeAction, sanitizeState } from '../../../../src/app/devTools';
import { mockFetch } from '../../helpers/mockFetch';
import { makeUser } from '../../helpers/fixtures';

/** Every secret the requests below send or receive; none may reach the export. */
const secrets = {
  registerPassword: 'Reg1sterPassw0rd!',
  registerToken: 'tok-register-7f3a9c',
  loginPassword: 'L0ginPassw0rd!',
  confirmationToken: 'confirm-6b2d1e',
  authenticationCode: '472913',
  checkpointToken: 'tok-checkpoint-99a1',
  enrolmentSecret: 'JBSWY3DPEHPK3PXPSECRET',
  otpauthUri: 'otpauth://totp/Panel:steve?secret=JBSWY3DPEHPK3PXPURI&issuer=Panel',
  qrSvg: '<svg>qr-7731</svg>',
  enableCode: '318274',
  enablePassword: 'En4blePassw0rd!',
  recoveryCode: 'rc-5d7e-1f2a',
  disablePassword: 'D1sablePassw0rd!',
  emailPassword: 'Ema1lPassw0rd!',
  currentPassword: 'Curr3ntPassw0rd!',
  newPassword: 'N3wPassw0rd!',
  socketToken: 'socket-ticket-a8c3',
  socketUrlToken: 'url-ticket-4e1b',
  databasePassword: 'db-pass-3c9d',
  databaseUrlPassword: 'db-url-pass-8f2e',
  xsrf: 'xsrf-cookie-51ab',
};

const user = makeUser();
const complete = (token: string) => ({ status: 200, body: { data: { complete: true, token, expires_at: '2030-01-01T00:00:00.000Z', user } } });

describe('redaction of recorded action logs', () => {
  beforeEach(() => {
    document.cookie = `XSRF-TOKEN=${secrets.xsrf}; path=/`;
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    localStorage.clear();
  });

  it('keeps every secret of every secret-bearing request out of the export', async () => {
    const fetchMock = mockFetch({
      'POST /api/v2/auth/register': { ...complete(secrets.registerToken), status: 201 },
      'POST /api/v2/auth/login': { status: 200, body: { data: { complete: false, confirmation_token: secrets.confirmationToken } } },
      'POST /api/v2/auth/login-checkpoint': complete(secrets.checkpointToken),
      'GET /api/v2/account/two-factor': { status: 200, body: { data: { secret: secrets.enrolmentSecret, otpauth_uri: secrets.otpauthUri, qr_svg: secrets.qrSvg } } },
      'POST /api/v2/account/two-factor': { status: 200, body: { data: { recovery_codes: [secrets.recoveryCode, 'rc-2', 'rc-3'] } } },
      'POST /api/v2/account/two-factor/disable': { status: 204 },
      'PUT /api/v2/account/email': { status: 200, body: { data: { user } } },
      'PUT /api/v2/account/password': { status: 200, body: { data: { user } } },
      'GET /api/v2/servers/abc/websocket': {
        status: 200,
        body: { data: { token: secrets.socketToken, socket: `wss://node.example/api/servers/abc/ws?token=${secrets.socketUrlToken}` } },
      },
      'GET /api/v2/servers/abc': {
        status: 200,
        body: { data: { id: 'abc', name: 'Survival', database: { password: secrets.databasePassword, connection_string: `mysql://u:${secrets.databaseUrlPassword}@db.example/s` } } },
      },
    });
    const store = makeStore();
    const run = async (request: { unwrap: () => Promise<unknown> }) => request.unwrap();

    await run(
      store.dispatch(
        authApi.endpoints.register.initiate({ body: { username: 'steve', email: 'steve@example.com', password: secrets.registerPassword, password_confirmation: secrets.registerPassword } }),
      ),
    );
    await run(store.dispatch(authApi.endpoints.login.initiate({ body: { login: 'steve', password: secrets.loginPassword } })));
    await run(store.dispatch(authApi.endpoints.loginCheckpoint.initiate({ body: { token: secrets.confirmationToken, authentication_code: secrets.authenticationCode } })));
    await run(store.dispatch(accountApi.endpoints.getTwoFactorEnrolment.initiate()));
    await run(store.dispatch(accountApi.endpoints.enableTwoFactor.initiate({ body: { code: secrets.enableCode, password: secrets.enablePassword } })));
    await run(store.dispatch(accountApi.endpoints.disableTwoFactor.initiate({ body: { password: secrets.disablePassword } })));
    await run(store.dispatch(accountApi.endpoints.updateAccountEmail.initiate({ body: { email: 'new@example.com', password: secrets.emailPassword } })));
    await run(
      store.dispatch(
        accountApi.endpoints.updateAccountPassword.initiate({ body: { current_password: secrets.currentPassword, password: secrets.newPassword, password_confirmation: secrets.newPassword } }),
      ),
    );
    await run(store.dispatch(serversApi.endpoints.getServerWebsocket.initiate({ id: 'abc' })));
    await run(store.dispatch(serversApi.endpoints.getServer.initiate({ id: 'abc' })));

    // The secrets really went through the store and over the (mocked) network.
    expect(fetchMock.requests.map((r) => JSON.stringify(r.body)).join(' ')).toContain(secrets.newPassword);
    expect(fetchMock.requests.some((r) => r.headers.get('X-XSRF-TOKEN') === secrets.xsrf)).toBe(true);
    expect(JSON.stringify(store.getState())).toContain(secrets.recoveryCode);

    const recording = readRecording(store.dispatch);
    expect(recording).not.toBeNull();
    const text = actionLogText(buildActionLog(recording!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    for (const [name, secret] of Object.entries(secrets)) {
      if (text.includes(secret)) throw new Error(`The export contains the secret "${name}"`);
    }
    // What is not secret stays readable.
    expect(text).toContain('session/tokenReceived');
    expect(text).toContain('steve@example.com');
    expect(text).toContain('executeMutation/fulfilled');
    expect(text).toContain('wss://node.example/api/servers/abc/ws?token=[redacted]');
  });

  it('hides the token of Discord and Slack webhook addresses, keeping the rest of the address', () => {
    const discord = 'https://discord.com/api/webhooks/123456789012345678/hook-token-Zx81_q';
    const slack = 'https://hooks.slack.com/services/T000/B000/slack-secret-77';
    const action = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { body: { name: 'Crashes', kind: 'discord', note: `posting to ${discord}, also ${slack}` } } } } };
    const text = JSON.stringify(redactAction(action));
    expect(text).not.toContain('hook-token-Zx81_q');
    expect(text).not.toContain('slack-secret-77');
    expect(text).toContain(`https://discord.com/api/webhooks/123456789012345678/${REDACTED}`);
    expect(text).toContain('"kind":"discord"');
  });

  it('hides a client API key: the one answered at creation, and one pasted anywhere', async () => {
    const key = `pck_${'Ab3_-'.repeat(8)}xyz`;
    mockFetch({
      'POST /api/v2/account/api-keys': {
        status: 201,
        body: {
          data: {
            token: key,
            key: {
              identifier: key.slice(0, 12),
              description: 'bot',
              scopes: [],
              allowed_ips: [],
              expires_at: null,
              expired: false,
              created_at: '2030-01-01T00:00:00.000Z',
              last_used_at: null,
              last_used_ip: null,
            },
          },
        },
      },
    });
    const store = makeStore();
    await store.dispatch(apiKeysApi.endpoints.createApiKey.initiate({ body: { description: `old key was ${key}` } })).unwrap();
    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    expect(text).toContain('createApiKey');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(4, 30));
    // The identifier (prefix and a few characters) is what a listing shows, not a secret.
    expect(redactValue({ description: `see ${key}.`, identifier: 'pck_Ab3_-Ab3' })).toEqual({ description: 'see [redacted].', identifier: 'pck_Ab3_-Ab3' });
  });

  it('hides one-time codes in requests but keeps language codes', () => {
    const action = redactAction({ type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { body: { code: '123456' } } } } } as never);
    expect(JSON.stringify(action)).not.toContain('123456');
    expect(redactState({ locale: { code: 'de' }, api: { mutations: { a: { originalArgs: { body: { code: '654321' } } } } } })).toEqual({
      locale: { code: 'de' },
      api: { mutations: { a: { originalArgs: { body: { code: '[redacted]' } } } } },
    });
  });

  it('hides what is pasted into the SSH key form (a private key pasted by mistake must not be kept)', () => {
    const pasted = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA-secret\n-----END OPENSSH PRIVATE KEY-----';
    const action = redactAction({ type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { body: { name: 'laptop', public_key: pasted } } } } } as never);
    expect(JSON.stringify(action)).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA-secret');
    expect(JSON.stringify(action)).toContain('laptop');
  });

  it('hides the private key of a node’s engine that the admin add-node form sends, and one pasted in any field', async () => {
    const keyBody = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-node-key-secret';
    const privateKey = `-----BEGIN PRIVATE KEY-----\n${keyBody}\n-----END PRIVATE KEY-----\n`;
    const cert = '-----BEGIN CERTIFICATE-----\nMIIC-client-cert\n-----END CERTIFICATE-----\n';
    mockFetch({ 'POST /api/v2/admin/nodes': { status: 201, body: { data: { node: { id: 7, name: 'fra-1', tls: true } } } } });
    const store = makeStore();
    const tls = { ca: cert, cert: `${cert}${privateKey}`, key: privateKey };
    const body = { name: 'fra-1', driver: 'docker', docker_host: 'tcp://203.0.113.5:2376', public_host: '203.0.113.5', port_range: '25565-25600', tls };
    await store.dispatch(adminApi.endpoints.createAdminNode.initiate({ body })).unwrap();
    const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'test', browser: 'jsdom' }));
    expect(text).toContain('createAdminNode');
    expect(text).not.toContain(keyBody);
    // The certificates are public and help support; the key pasted with one (a bundle) is not.
    expect(text).toContain('MIIC-client-cert');
    expect(redactValue({ tls: { key: privateKey, cert } })).toEqual({ tls: { key: REDACTED, cert } });
    // `key` outside `tls` names harmless things, and a cut-off key is hidden to the end of the text.
    expect(redactValue({ key: 'admin.nodes.title', note: `old: ${privateKey.slice(0, 60)}` })).toEqual({ key: 'admin.nodes.title', note: `old: ${REDACTED}` });
  });

  it('hides the code a provider sent to /socialite, and the state in the sign-in address', () => {
    const action = redactAction({
      type: 'api/executeMutation/pending',
      meta: { arg: { originalArgs: { body: { code: 'provider-code', state: 'bound-state', iss: 'https://id.example.com' } } } },
    } as never);
    // The state alone is worthless (single use, bound to the browser's cookie, useless without the code);
    // \`state\` is kept as a key name since servers and backups carry their own.
    expect(JSON.stringify(action)).not.toMatch(/provider-code/);
    expect(JSON.stringify(action)).toContain('https://id.example.com');
    const started = redactState({ api: { mutations: { a: { data: { data: { url: 'https://id.example.com/auth?state=bound-state' } } } } } });
    expect(JSON.stringify(started)).not.toContain('bound-state');
  });

  it('hides game passwords the config form sends, keeping the other values', () => {
    const values = { AdminPassword: 'pal-admin-1', 'ServerSettings/ServerPassword': 'ark-join-2', 'rcon.password': 'mc-rcon-3', ExpRate: '2' };
    const action = redactAction({ type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { body: { values } } } } } as never);
    const text = JSON.stringify(action);
    for (const secret of ['pal-admin-1', 'ark-join-2', 'mc-rcon-3']) expect(text).not.toContain(secret);
    expect(text).toContain('"ExpRate":"2"');
  });

  it('is what the DevTools sanitisers apply', () => {
    const action = { type: 'api/executeQuery/fulfilled', payload: { data: { secret: 'S', qr_svg: '<svg/>' } }, meta: { baseQueryMeta: { request: new Request('http://x/') } } };
    expect(sanitizeAction(action)).toEqual(redactAction(action));
    expect(JSON.stringify(sanitizeAction(action))).not.toMatch(/"S"|<svg/);
    const state = { session: { user: { whmcs_user_token: 'w-tok' } }, router: { location: '/login?token=sso-secret' } };
    expect(JSON.stringify(sanitizeState(state))).not.toMatch(/w-tok|sso-secret/);
  });
});

describe('validation messages', () => {
  it('keep their field names and texts, so a replay shows them under the same fields', () => {
    const state = { validation: { errors: { password: ['The password is incorrect'], email: ['Please enter a valid email'] }, form: 'email' } };
    expect(redactState(state)).toEqual(state);
    const rejected = { type: 'api/executeMutation/rejected', payload: { status: 422, data: { message: 'The given data was invalid.', errors: { password: ['The password is incorrect'] } } } };
    expect(redactAction(rejected)).toMatchObject({ payload: { data: { errors: { password: ['The password is incorrect'] } } } });
  });

  it('still hide a secret sent under a key named errors when it is not a list of messages', () => {
    expect(JSON.stringify(redactState({ api: { errors: { password: 'hunter22' } } }))).not.toContain('hunter22');
  });
});

describe('validation/failed', () => {
  it('keeps the messages by field name', () => {
    const action = { type: 'validation/failed', payload: { password: ['The password is incorrect'] } };
    expect(redactAction(action)).toEqual(action);
  });
});

describe('long lists in answers', () => {
  const entries = Array.from({ length: 1200 }, (_, index) => ({ name: `entry-${index}.txt`, token: `secret-${index}` }));
  const fulfilled = { type: 'api/executeQuery/fulfilled', payload: { data: entries }, meta: { arg: { endpointName: 'listServerFiles' } } };

  it('keeps the first items in the same shape, secrets removed, and says how many were left out', () => {
    const logged = redactAction(fulfilled, 500) as unknown as { payload: { data: { name: string; token: string }[] }; truncatedItems: number };
    expect(logged.payload.data).toHaveLength(500);
    expect(logged.payload.data[499]).toEqual({ name: 'entry-499.txt', token: REDACTED });
    expect(logged.truncatedItems).toBe(700);
  });

  it('keeps every item without a bound, and short lists and other actions whole', () => {
    expect((redactAction(fulfilled) as unknown as { payload: { data: unknown[] } }).payload.data).toHaveLength(1200);
    expect(redactAction(fulfilled, 5000)).not.toHaveProperty('truncatedItems');
    const local = { type: 'notifications/added', payload: entries.map(({ name }) => name) };
    expect(redactAction(local, 500)).toEqual(local);
  });
});
