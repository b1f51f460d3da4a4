import type { TFunction } from 'i18next';

/** What an account event's sentence gets: the actor's name and the entry's properties. */
type AccountSentence = (t: TFunction, input: { actor: string; p: Record<string, unknown> }) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

// Names, fingerprints and providers are shown as written, never HTML-escaped (React escapes them).
const raw = { escapeValue: false };

/**
 * The sentences of the events an account's ways in write (server/src: API keys, SSH keys and
 * key-only SFTP, passkeys, linked providers), each with its key under `sharing.audit.events`. A
 * test fails when the server can write one of these that has none here.
 */
export const ACCOUNT_EVENT_SENTENCES: Readonly<Record<string, AccountSentence>> = {
  'account.api-key-created': (t, { actor, p }) =>
    t('sharing.audit.events.account.api-key-created', '{{actor}} created the API key {{identifier}}.', { actor, identifier: text(p.identifier), interpolation: raw }),
  'account.api-key-revoked': (t, { actor, p }) =>
    t('sharing.audit.events.account.api-key-revoked', '{{actor}} revoked the API key {{identifier}}.', { actor, identifier: text(p.identifier), interpolation: raw }),
  'account.ssh-key-added': (t, { actor, p }) =>
    t('sharing.audit.events.account.ssh-key-added', '{{actor}} added the SSH key {{name}} ({{fingerprint}}).', { actor, name: text(p.name), fingerprint: text(p.fingerprint), interpolation: raw }),
  'account.ssh-key-removed': (t, { actor, p }) =>
    t('sharing.audit.events.account.ssh-key-removed', '{{actor}} removed the SSH key {{name}} ({{fingerprint}}).', { actor, name: text(p.name), fingerprint: text(p.fingerprint), interpolation: raw }),
  'account.sftp-key-only-enabled': (t, { actor }) => t('sharing.audit.events.account.sftp-key-only-enabled', '{{actor}} made SFTP accept SSH keys only (no password).', { actor, interpolation: raw }),
  'account.sftp-key-only-disabled': (t, { actor }) => t('sharing.audit.events.account.sftp-key-only-disabled', '{{actor}} let SFTP accept the password again.', { actor, interpolation: raw }),
  'account.passkey-added': (t, { actor, p }) => t('sharing.audit.events.account.passkey-added', '{{actor}} added the passkey {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'account.passkey-renamed': (t, { actor, p }) => t('sharing.audit.events.account.passkey-renamed', '{{actor}} renamed a passkey to {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'account.passkey-removed': (t, { actor, p }) => t('sharing.audit.events.account.passkey-removed', '{{actor}} removed the passkey {{name}}.', { actor, name: text(p.name), interpolation: raw }),
  'account.oauth-linked': (t, { actor, p }) => t('sharing.audit.events.account.oauth-linked', '{{actor}} linked a {{provider}} login.', { actor, provider: text(p.provider), interpolation: raw }),
  'account.oauth-unlinked': (t, { actor, p }) =>
    t('sharing.audit.events.account.oauth-unlinked', '{{actor}} unlinked the {{provider}} login.', { actor, provider: text(p.provider), interpolation: raw }),
  'order.pending': (t, { actor, p }) => t('sharing.audit.events.order.pending', '{{actor}} ordered a server on plan {{plan}}; payment is pending.', { actor, plan: text(p.plan), interpolation: raw }),
  'order.failed': (t, { p }) => t('sharing.audit.events.order.failed', 'An order for a server failed: {{reason}}', { reason: text(p.reason), interpolation: raw }),
};
