import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../plugins/auth';
import { issueAccessToken } from '../../services/accessTokens';
import { recordAudit } from '../../services/audit';
import { toUserResource } from '../../services/userResource';
import type { User } from './userSchema';

/** The `data` of a finished login (register, login, checkpoint). */
export interface CompleteLogin {
  complete: true;
  token: string;
  expires_at: string;
  user: User;
}

/** Issues a session token for the user and records `auth.success`. */
export async function completeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  { remember, method }: { remember: boolean; method: string },
): Promise<CompleteLogin> {
  const issued = await issueAccessToken(app.db, {
    userId: user.id,
    remember,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  await recordAudit(app.db, { actorId: user.id, event: 'auth.success', ip: request.ip, properties: { method, remember, session_id: issued.id } });
  return { complete: true, token: issued.token, expires_at: issued.expiresAt.toISOString(), user: toUserResource(user) };
}
