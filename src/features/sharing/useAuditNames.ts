import { useMemo } from 'react';
import { useListServerBackupsQuery } from '../../api/backups';
import { useListServerSchedulesQuery } from '../../api/schedules';
import { useListServerRolesQuery, type Subuser } from '../../api/sharing';

/**
 * Names of the things an audit entry refers to by uuid (roles, schedules, backups, shares and
 * accounts), from the lists the caller may read anyway: a reader without a list's permission
 * simply keeps the uuid in the entry's raw details. Things deleted since are no longer listed;
 * most entries carry their name themselves for that reason.
 */
export function useAuditNames(id: string, can: (key: string) => boolean, enabled: boolean, subusers: readonly Subuser[] | undefined): ReadonlyMap<string, string> {
  const roles = useListServerRolesQuery({ id }, { skip: !enabled || !can('role.read') });
  const schedules = useListServerSchedulesQuery({ id }, { skip: !enabled || !can('schedule.read') });
  const backups = useListServerBackupsQuery({ id }, { skip: !enabled || !can('backup.read') });
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const role of roles.data?.data ?? []) if (role.uuid) names.set(role.uuid, role.name);
    for (const schedule of schedules.data?.data ?? []) names.set(schedule.uuid, schedule.name);
    for (const backup of backups.data?.data ?? []) names.set(backup.uuid, backup.name);
    for (const subuser of subusers ?? []) {
      names.set(subuser.uuid, subuser.username ?? subuser.email);
      if (subuser.user_uuid && subuser.username) names.set(subuser.user_uuid, subuser.username);
    }
    return names;
  }, [roles.data, schedules.data, backups.data, subusers]);
}
