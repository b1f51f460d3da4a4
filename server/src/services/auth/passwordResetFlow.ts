import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { Mailer } from '../mail/Mailer';
import { mailLanguage } from '../mail/mailTranslator';
import { passwordResetMail } from '../mail/passwordResetMails';
import { revokeOtherAccessTokens } from './accessTokens';
import { hashPassword } from './passwords';
import { createPasswordReset, redeemPasswordReset } from './passwordResets';
import { findUserById, findUserByLogin, updateUser } from './userAccounts';

/**
 * Mails a single-use reset link to the account with this address, in the account's language.
 * Unknown addresses and suspended accounts get no mail; both outcomes are recorded as
 * `auth.password-reset-requested` (with `sent`), against the account when there is one.
 */
export async function requestPasswordReset(db: Database, mailer: Mailer, { email, ip, panelUrl }: { email: string; ip: string; panelUrl: string }): Promise<void> {
  const user = await findUserByLogin(db, email);
  if (!user || user.suspended) {
    await recordAudit(db, { actorId: user?.id ?? null, event: 'auth.password-reset-requested', ip, properties: { sent: false } });
    return;
  }
  const { token, expiresAt } = await createPasswordReset(db, user.id, ip);
  const language = await mailLanguage(user.language, undefined, user.timeFormat);
  await mailer.send(passwordResetMail({ to: user.email, username: user.username, panelUrl }, token, expiresAt, language));
  await recordAudit(db, { actorId: user.id, event: 'auth.password-reset-requested', ip, properties: { sent: true } });
}

/**
 * Sets a new password with the token of a reset mail: the token is spent and every session of the
 * account ends (`auth.password-reset`). Answers the account, or null for an unknown, spent or
 * expired token (recorded as `auth.fail`). The password is hashed first, so both answers take
 * about as long.
 */
export async function resetPassword(db: Database, { token, password }: { token: string; password: string }, ip: string): Promise<UserRow | null> {
  const passwordHash = await hashPassword(password);
  const userId = await redeemPasswordReset(db, token);
  const user = userId === null ? null : await findUserById(db, userId);
  if (!user) {
    await recordAudit(db, { actorId: null, event: 'auth.fail', ip, properties: { reason: 'password_reset_link' } });
    return null;
  }
  await updateUser(db, user.id, { passwordHash });
  const revoked = await revokeOtherAccessTokens(db, user.id, null);
  await recordAudit(db, { actorId: user.id, event: 'auth.password-reset', ip, properties: { sessions_revoked: revoked } });
  return user;
}
