import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema';

/** Event names recorded for accounts; server areas add their own (`server.*`). */
export type AuditEvent =
  | 'auth.success'
  | 'auth.fail'
  | 'auth.checkpoint'
  | 'auth.logout'
  | 'auth.register'
  | 'auth.two-factor-locked'
  | 'auth.password-reset-requested'
  | 'auth.password-reset'
  | 'account.password-changed'
  | 'account.email-changed'
  | 'account.2fa-enabled'
  | 'account.2fa-disabled'
  | 'account.session-revoked'
  | (string & {});

/**
 * Who does something, for the audit log: the account acting (null when the panel acts on its own,
 * e.g. a schedule) and the address the request came from.
 */
export interface Actor {
  userId: number | null;
  ip: string | null;
}

export interface AuditInput {
  actorId: number | null;
  serverUuid?: string | null;
  event: AuditEvent;
  ip: string | null;
  properties?: Record<string, unknown>;
}

// Keys that could carry a secret are dropped even if a caller passes them by mistake.
const SECRET_KEY = /pass(word)?|secret|token|code|otp|totp|cookie|authorization/i;
// Identifiers that merely mention a secret-looking word but hold none.
const SAFE_KEYS = new Set(['session_id', 'method', 'reason']);

function withoutSecrets(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (SAFE_KEYS.has(key) || !SECRET_KEY.test(key)) out[key] = value;
  }
  return out;
}

/**
 * Writes one audit entry (actor, IP, event, properties, time). Properties must describe what
 * happened, never carry a password, token or code: secret-looking keys are removed.
 */
export async function recordAudit(db: Database, { actorId, serverUuid = null, event, ip, properties = {} }: AuditInput): Promise<void> {
  await db.insert(auditLogs).values({ actorId, serverUuid, event, ip: ip?.slice(0, 64) ?? null, properties: withoutSecrets(properties) });
}
