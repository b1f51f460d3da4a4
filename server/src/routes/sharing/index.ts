import type { FastifyInstance } from 'fastify';
import { listSubusersRoute } from './list-subusers';
import { createSubuserRoute } from './create-subuser';
import { updateSubuserRoute } from './update-subuser';
import { deleteSubuserRoute } from './delete-subuser';
import { listRolesRoute } from './list-roles';
import { createRoleRoute } from './create-role';
import { updateRoleRoute } from './update-role';
import { deleteRoleRoute } from './delete-role';
import { listActivityRoute } from './list-activity';
import { exportActivityRoute } from './export-activity';
import { ActivityEntrySchema, InvitationSchema, RoleSchema, SubuserSchema } from '../../schemas/sharing';

/** Shared schema components `Subuser`, `Role`, `ActivityEntry` and `Invitation` (registered once at the root). */
export function addSharingSchemas(app: FastifyInstance): void {
  app.addSchema(SubuserSchema);
  app.addSchema(RoleSchema);
  app.addSchema(ActivityEntrySchema);
  app.addSchema(InvitationSchema);
}

/** Sharing under /api/v2/servers/{id} (tag `sharing`): subusers, roles and the audit log. */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listSubusersRoute);
  await app.register(createSubuserRoute);
  await app.register(updateSubuserRoute);
  await app.register(deleteSubuserRoute);
  await app.register(listRolesRoute);
  await app.register(createRoleRoute);
  await app.register(updateRoleRoute);
  await app.register(deleteRoleRoute);
  await app.register(listActivityRoute);
  await app.register(exportActivityRoute);
}

export { accountInvitationRoutes } from './account-invitations';
