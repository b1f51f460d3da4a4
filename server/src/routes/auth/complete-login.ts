import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { issueAccessToken } from '../../services/auth/accessTokens';
import { recordAudit } from '../../services/audit/audit';
import { toUserResource } from '../../services/auth/userResource';
import { failedSecondFactorsSinceLastLogin } from '../../services/auth/secondFactorFailures';
import { isFirstSession } from '../../services/auth/firstSession';
import type { User } from '../../schemas/user';
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
 * Issues a session token for the user and records `auth.success`. With the reply, the browser is
 * also remembered as a known device of the account (see knownDevice.ts).
 */
export async function completeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  { remember, method, reply }: { remember: boolean; method: string; reply?: FastifyReply },
): Promise<CompleteLogin> {
  const failedTwoFactor = await failedSecondFactorsSinceLastLogin(app.db, user.id);
  const issued = await issueAccessToken(app.db, {
    userId: user.id,
    remember,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  await recordAudit(app.db, { actorId: user.id, event: 'auth.success', ip: request.ip, properties: { method, remember, session_id: issued.id } });
  if (reply) rememberDevice(request, reply, user.id);
  const firstSession = await isFirstSession(app.db, user.id, issued.id);
  return {
    complete: true,
    token: issued.token,
    expires_at: issued.expiresAt.toISOString(),
    user: { ...toUserResource(user), first_session: firstSession },
    failed_two_factor_attempts: failedTwoFactor,
  };
}
