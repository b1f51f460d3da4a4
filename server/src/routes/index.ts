import type { FastifyInstance } from 'fastify';
import { openApiRoute } from './meta/openapi';
import { UserSchema } from './auth/userSchema';
import { authRoutes } from './auth';
import { accountRoutes } from './account';
import { translationRoutes } from './translations';
import { addServerSchemas, permissionsRoute, serverRoutes } from './servers';
import { adminRoutes } from './admin';
import { addFileSchemas, fileRoutes } from './files';
import { addConfigSchemas, configRoutes } from './config';
import { accountInvitationRoutes, addSharingSchemas, sharingRoutes } from './sharing';
import { addPlayerSchemas, playerRoutes } from './players';
import { mailerPlugin } from '../mail/mailerPlugin';
import { addBackupSchemas, backupRoutes } from './backups';
import { addScheduleSchemas, scheduleRoutes } from './schedules';
import { addNetworkSchemas, networkRoutes } from './network';
import { addDatabaseSchemas, databaseRoutes } from './databases';
import { addVersionSchemas, versionRoutes } from './versions';
import { addSetupSchemas, setupRoutes } from './setups';
import { addPlanSchemas, billingRoutes, planRoutes } from './plans';

/** Every route of the panel; each area is one folder under routes/. Order matters only for prefixes. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(openApiRoute, { prefix: '/api/v2' });
  // Shared schema component `User`, referenced by auth, account and other areas.
  app.addSchema(UserSchema);
  await app.register(authRoutes, { prefix: '/api/v2/auth' });
  await app.register(accountRoutes, { prefix: '/api/v2/account' });
  await app.register(translationRoutes);
  addServerSchemas(app);
  await app.register(serverRoutes, { prefix: '/api/v2/servers' });
  addConfigSchemas(app);
  await app.register(configRoutes, { prefix: '/api/v2/servers' });
  addPlayerSchemas(app);
  await app.register(playerRoutes, { prefix: '/api/v2/servers' });
  await app.register(mailerPlugin);
  addSharingSchemas(app);
  await app.register(sharingRoutes, { prefix: '/api/v2/servers' });
  await app.register(accountInvitationRoutes, { prefix: '/api/v2/account' });
  await app.register(permissionsRoute, { prefix: '/api/v2' });
  addPlanSchemas(app);
  await app.register(adminRoutes, { prefix: '/api/v2/admin' });
  addFileSchemas(app);
  await app.register(fileRoutes, { prefix: '/api/v2' });
  addBackupSchemas(app);
  await app.register(backupRoutes, { prefix: '/api/v2' });
  addScheduleSchemas(app);
  await app.register(scheduleRoutes, { prefix: '/api/v2' });
  addNetworkSchemas(app);
  await app.register(networkRoutes, { prefix: '/api/v2/servers' });
  addDatabaseSchemas(app);
  await app.register(databaseRoutes, { prefix: '/api/v2' });
  addVersionSchemas(app);
  await app.register(versionRoutes, { prefix: '/api/v2/servers' });
  addSetupSchemas(app);
  await app.register(setupRoutes, { prefix: '/api/v2/servers' });
  await app.register(planRoutes, { prefix: '/api/v2/servers' });
  await app.register(billingRoutes, { prefix: '/api/v2/billing' });
}
