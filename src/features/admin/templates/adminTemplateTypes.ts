import type { ListAdminTemplatesApiResponse } from '../../../api/generated/admin.gen';

/** A template as the admin API answers it. */
export type AdminTemplate = ListAdminTemplatesApiResponse['data'][number];
