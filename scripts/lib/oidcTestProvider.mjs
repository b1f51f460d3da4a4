/**
 * A real OpenID Connect provider for tests and e2e runs: `oidc-provider` (the certified Node
 * implementation) on 127.0.0.1, with one confidential client registered for the panel and its own
 * minimal sign-in page. Whoever signs in types a subject, an email and whether the email is
 * verified: the tests script people the panel has never seen, people whose email is unverified,
 * and so on. Consent is granted at once for the scopes asked.
 *
 * In-process: `await startOidcTestProvider({ port, redirectUri })` (e2e/run.mjs). As a child
 * process (Jest, which cannot load the provider's ES modules): `node scripts/lib/oidcTestProvider.mjs
 * '<json options>'` prints `{"issuer": …}` on its first line once it listens.
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/** The panel's client at the test provider. */
export const TEST_CLIENT = { id: 'panel', secret: 'panel-test-client-secret-0123456789' };

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Sign in to the test identity provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Subject <input name="subject" required autocomplete="off"></label>
<label>Email <input name="email" type="email" required autocomplete="off"></label>
<label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * Starts the provider. `redirectUri` is the panel's callback (its /socialite page); `port` 0
 * picks a free one; `client` the panel's client id and secret. Answers the issuer URL and `stop()`.
 */
export async function startOidcTestProvider({ port = 0, redirectUri, client = TEST_CLIENT }) {
  // Who signed in with which claims, by subject (kept for the provider's userinfo and ID tokens).
  const accounts = new Map();
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: client.id, client_secret: client.secret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-provider-cookie-key'] },
    pkce: { required: () => true },
  });
  // The provider runs over plain HTTP on loopback only.
  provider.proxy = false;
  const handleProvider = provider.callback();

  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url.split('?')[0]);
    if (!match) return handleProvider(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login' && !match[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(signInPage(details.uid));
      } else if (details.prompt.name === 'login') {
        const form = await readForm(req);
        const subject = form.get('subject');
        const email = form.get('email');
        accounts.set(subject, { email, email_verified: form.get('email_verified') === 'true', name: subject, preferred_username: subject });
        await provider.interactionFinished(req, res, { login: { accountId: subject } }, { mergeWithLastSubmission: false });
      } else {
        // Consent: everything the panel asked for.
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
        const missing = details.prompt.details.missingOIDCScope;
        if (missing) grant.addOIDCScope(missing.join(' '));
        const missingClaims = details.prompt.details.missingOIDCClaims;
        if (missingClaims) grant.addOIDCClaims(missingClaims);
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      }
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error?.message ?? error));
    }
  });

  return {
    issuer,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// As a child process: options from the first argument, the issuer on the first line of output.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = JSON.parse(process.argv[2] ?? '{}');
  const started = await startOidcTestProvider(options);
  process.stdout.write(`${JSON.stringify({ issuer: started.issuer })}\n`);
  process.on('SIGTERM', () => void started.stop().then(() => process.exit(0)));
}
