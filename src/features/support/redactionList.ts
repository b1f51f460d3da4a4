/**
 * The reviewed list of secrets kept out of recorded action logs and Redux DevTools. Any change
 * here is a security change: extend the redaction test with the new secret when adding one.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Key names (compared in lower case) whose values are secrets wherever they appear. */
export const secretKeyNames: ReadonlySet<string> = new Set([
  // Account passwords (log in, sign up, email and password change, two-factor disable).
  'password',
  'password_confirmation',
  'current_password',
  // Bearer tokens, login confirmation tokens, single sign-on and socket tickets.
  'token',
  'access_token',
  'refresh_token',
  'confirmation_token',
  'whmcs_user_token',
  'authorization',
  // Two-factor: the one-time code at checkpoint, the enrolment secret and its QR code, recovery codes.
  'authentication_code',
  'recovery_codes',
  'secret',
  'otpauth_uri',
  'qr_svg',
  // Passkeys: a ceremony's id and challenge, and the authenticator's signed answer.
  'ceremony_id',
  'challenge',
  'credential',
  // Social-login providers' client secrets (the admin area's provider form).
  'client_secret',
  // Game server databases.
  'database_password',
  'db_password',
  'connection_string',
  'jdbc',
  // Passwords in game config files, as the config form sends them ({ values: { AdminPassword: … } }).
  'rcon.password',
  'serverpassword',
  'adminpassword',
  'serveradminpassword',
  'serversettings/serverpassword',
  'serversettings/serveradminpassword',
  // Signed download and upload addresses.
  'signed_url',
  'download_url',
  'upload_url',
  // The XSRF token and cookies.
  'xsrf',
  'xsrf_token',
  'xsrf-token',
  'x-xsrf-token',
  'cookie',
  'set-cookie',
]);

/**
 * Key names that are secrets only inside request arguments and answers (RTK Query actions and
 * the `api` cache): `code` is a one-time code there (two-factor enable, a provider's answer), but a
 * harmless language code in the locale state.
 */
export const requestSecretKeyNames: ReadonlySet<string> = new Set([
  'code',
  // The SSH key form's field: a public key is no secret, but a private key pasted there by mistake is (the panel refuses it; the log must not keep it).
  'public_key',
]);

/**
 * Key names that are secrets only inside an object under a given key: the admin add-node form
 * sends the engine's TLS credentials as `tls: { ca, cert, key }`, and `key` alone names many
 * harmless things (translation keys, an answered API key's listing).
 */
export const secretChildKeyNames: ReadonlyMap<string, ReadonlySet<string>> = new Map([['tls', new Set(['key'])]]);

/**
 * A PEM private key wherever it is pasted (a certificate field holding a bundle with its key, a
 * note): everything from its BEGIN line to its END line, or to the end of a text cut short.
 */
export const privateKeyPattern = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;

/** Actions whose whole payload is a secret. */
export const secretPayloadActionTypes: ReadonlySet<string> = new Set(['session/tokenReceived']);

/** Query parameters that make an address a signed or credential-bearing one. */
export const secretQueryParameters: readonly string[] = ['token', 'access_token', 'signature', 'sig', 'code', 'state', 'key', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token', 'expires'];

/** Finds `name=value` of a secret query parameter in any text (addresses, router locations). */
export const secretQueryPattern = new RegExp(`([?&#](?:${secretQueryParameters.join('|')})=)[^&#\\s"]*`, 'gi');

/**
 * Client API keys wherever they appear (pasted into a description, a note, an address): the
 * panel's keys start with `pck_`, followed by 43 URL-safe characters.
 */
export const apiKeyPattern = /\bpck_[A-Za-z0-9_-]{16,}/g;

/** Credentials inside a connection address, as in `mysql://user:password@host`. */
export const urlCredentialsPattern = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]+:)[^@/\s]+@/gi;

/**
 * Webhook addresses whose path is the credential: Discord's `…/api/webhooks/<id>/<token>` and
 * Slack's `hooks.slack.com/services/…` (anyone holding one may post as the hook).
 */
export const webhookPathPattern = /(\bhttps?:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/\d+\/|\bhttps?:\/\/hooks\.slack\.com\/services\/)[^?#\s"]+/gi;
