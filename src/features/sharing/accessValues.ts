import type { Role, Subuser } from './sharingTypes';

/** The access part of the invite and edit forms. */
export interface AccessValues {
  mode: 'role' | 'permissions';
  /** {@link roleChoiceValue} of the chosen role. */
  role?: string;
  permissions: string[];
}

/** What POST/PATCH …/users take for the access: exactly one of a role or explicit keys. */
export type AccessBody = { role_uuid: string } | { permissions: string[] };

/** The value a role has in the role picker: its uuid, or its key for built-in roles (which have none). */
export function roleChoiceValue(role: Pick<Role, 'uuid' | 'key'>): string {
  return role.uuid ?? `built-in:${role.key ?? ''}`;
}

/**
 * The request body for the chosen access. A built-in role has no uuid: it is granted as its keys,
 * which is exactly what the role means.
 */
export function accessBody(values: AccessValues, roles: readonly Role[]): AccessBody {
  if (values.mode === 'role') {
    const role = roles.find((candidate) => roleChoiceValue(candidate) === values.role);
    if (role?.uuid) return { role_uuid: role.uuid };
    if (role) return { permissions: [...role.permissions] };
  }
  return { permissions: values.permissions ?? [] };
}

/**
 * The built-in role whose keys are exactly `permissions`: a built-in role is granted as its keys,
 * so this is how a person's access is recognised as that role again.
 */
export function matchingBuiltInRole(permissions: readonly string[], roles: readonly Role[]): Role | undefined {
  const held = new Set(permissions);
  return roles.find((role) => role.built_in && role.permissions.length === held.size && role.permissions.every((key) => held.has(key)));
}

/** The form values that describe a person's current access (a new invitation starts with a role when there is one). */
export function initialAccess(subuser: Subuser | null, roles: readonly Role[]): AccessValues {
  if (subuser?.role) return { mode: 'role', role: subuser.role.uuid, permissions: subuser.permissions };
  const builtIn = subuser ? matchingBuiltInRole(subuser.permissions, roles) : undefined;
  if (subuser && builtIn) return { mode: 'role', role: roleChoiceValue(builtIn), permissions: subuser.permissions };
  if (subuser) return { mode: 'permissions', permissions: subuser.permissions };
  const first = roles[0];
  return first ? { mode: 'role', role: roleChoiceValue(first), permissions: [] } : { mode: 'permissions', permissions: [] };
}
