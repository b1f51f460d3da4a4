import type { FastifyInstance } from 'fastify';
import { ServerDatabaseSchema } from '../../schemas/databases';
import { createDatabaseRoute } from './create';
import { deleteDatabaseRoute } from './delete';
import { listDatabasesRoute } from './list';
import { databasePasswordRoutes } from './password';

/** Shared schema component `ServerDatabase`. */
export function addDatabaseSchemas(app: FastifyInstance): void {
  app.addSchema(ServerDatabaseSchema);
}

/** Customers' databases under /api/v2/servers/{id}/databases (tag `databases`). */
export async function databaseRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listDatabasesRoute);
  await app.register(createDatabaseRoute);
  await app.register(databasePasswordRoutes);
  await app.register(deleteDatabaseRoute);
}
