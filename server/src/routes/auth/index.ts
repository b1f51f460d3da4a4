import type { FastifyInstance } from 'fastify';
import { currentUserRoute } from './current';
import { registerRoute } from './register';
import { loginRoute } from './login';
import { loginCheckpointRoute } from './login-checkpoint';
import { logoutRoute } from './logout';
import { loginTokenRoute } from './login-token';
import { forgotPasswordRoute } from './forgot-password';
import { resetPasswordRoute } from './reset-password';
import { checkResetLinkRoute } from './check-reset-link';
import { passkeyAuthRoutes } from './passkey';
import { oauthRoutes } from './oauth';

/**
 * The spec's five auth calls under /api/v2/auth (tag `auth`), plus the billing system's login
 * links, the password reset by mail and passkey logins (/auth/passkey/*).
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(currentUserRoute);
  await app.register(registerRoute);
  await app.register(loginRoute);
  await app.register(loginCheckpointRoute);
  await app.register(logoutRoute);
  await app.register(loginTokenRoute);
  await app.register(forgotPasswordRoute);
  await app.register(resetPasswordRoute);
  await app.register(checkResetLinkRoute);
  await app.register(passkeyAuthRoutes, { prefix: '/passkey' });
  await app.register(oauthRoutes);
}
