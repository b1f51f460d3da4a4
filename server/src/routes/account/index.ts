import type { FastifyInstance } from 'fastify';
import { AccountSessionSchema } from '../../schemas/account';
import { updateAccountRoute } from './update-account';
import { updateEmailRoute } from './update-email';
import { updatePasswordRoute } from './update-password';
import { twoFactorRoutes } from './two-factor';
import { sessionRoutes } from './sessions';
import { deleteAccountRoutes } from './delete-account';
import { apiKeyRoutes } from './api-keys';
import { sshKeyRoutes } from './ssh-keys';
import { passkeyRoutes } from './passkeys';
import { linkedAccountRoutes } from './linked-accounts';

/** The account calls under /api/v2/account (tag `account`); every one needs a bearer token. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(AccountSessionSchema);
  app.addHook('onRequest', app.authenticate);
  await app.register(updateAccountRoute);
  await app.register(updateEmailRoute);
  await app.register(updatePasswordRoute);
  await app.register(twoFactorRoutes);
  await app.register(sessionRoutes);
  await app.register(deleteAccountRoutes);
  await app.register(apiKeyRoutes);
  await app.register(sshKeyRoutes);
  await app.register(passkeyRoutes);
  await app.register(linkedAccountRoutes);
}
