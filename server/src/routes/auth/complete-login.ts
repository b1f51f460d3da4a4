import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { startSession } from '../../services/auth/sessions';
import { toUserResource } from '../../services/auth/userResource';
import type { User } from '../../schemas/user';
import { userHasPasskeys } from '../../services/auth/passkeys';
import { PASSKEY_METHODS } from '../../services/auth/passkeySession';
import { rememberDevice } from './known-device';

/** The `data` of a finished login (register, login, checkpoint). */
export interface CompleteLogin {
  complete: true;
  token: string;
  expires_at: string;
  user: User;
  /** Wrong second factors entered since the account's previous login. */
  failed_two_factor_attempts: number;
}

/**
 * Starts a session for the user (the service records `auth.success`). With the reply, the browser is
 * also remembered as a known device of the account (see knownDevice.ts).
 */
export async function completeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  { remember, method, reply }: { remember: boolean; method: string; reply?: FastifyReply },
): Promise<CompleteLogin> {
  const { issued, failedTwoFactor, firstSession } = await startSession(app.db, user, { remember, method, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  if (reply) rememberDevice(request, reply, user.id);
  return {
    complete: true,
    token: issued.token,
    expires_at: issued.expiresAt.toISOString(),
    user: {
      ...toUserResource(user),
      first_session: firstSession,
      has_passkeys: await userHasPasskeys(app.db, user.id),
      passkey_session: (PASSKEY_METHODS as readonly string[]).includes(method),
    },
    failed_two_factor_attempts: failedTwoFactor,
  };
}
