import type { ListPermissionKeysApiResponse } from '../../api/generated/servers.gen';

export type { ActivityEntry, Role, Subuser } from '../../api/sharing';

/** A permission group as GET /permissions lists it: its keys with English descriptions. */
export type PermissionGroup = ListPermissionKeysApiResponse['data'][number];

/** A person the audit log can be filtered by. */
export interface ActivityPerson {
  uuid: string;
  name: string;
}
