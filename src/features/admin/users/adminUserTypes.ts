import type { ListAdminUsersApiResponse } from '../../../api/generated/admin.gen';

/** A user as the admin list shows it (with their server count). */
export type AdminUserRow = ListAdminUsersApiResponse['data'][number];
