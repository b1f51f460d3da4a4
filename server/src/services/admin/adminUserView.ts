import type { UserRow } from '../../db/schema';
import type { AdminUser } from '../../schemas/admin';

/** A user as the admin API answers it. */
export function toAdminUser(user: UserRow): AdminUser {
  return {
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    name_first: user.nameFirst,
    name_last: user.nameLast,
    language: user.language,
    root_admin: user.rootAdmin,
    use_totp: user.useTotp,
    suspended: user.suspended,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
