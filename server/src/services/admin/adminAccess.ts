import type { UserRow } from '../../db/schema';

/** Why a signed-in user may not use the admin API (the 403's message), or null when they may. */
export type AdminRefusal = 'not_admin' | 'second_factor_required';

export const adminRefusalMessages: Record<AdminRefusal, string> = {
  not_admin: 'This area is for the panel’s administrators.',
  second_factor_required: 'Turn on two-factor authentication or add a passkey on your account before using the admin area.',
};

/**
 * Whether the account proves its sign-in with more than a password: two-factor codes or a passkey
 * (which verifies the user on the device). The admin area asks for it because an admin's session
 * can act on every customer.
 */
export function hasStrongSignIn(user: Pick<UserRow, 'useTotp'>, hasPasskeys: boolean): boolean {
  return user.useTotp || hasPasskeys;
}

/** The one rule for an admin session: a root admin whose account has a second factor or a passkey. */
export function adminSessionRefusal(user: Pick<UserRow, 'rootAdmin' | 'useTotp'>, hasPasskeys: boolean): AdminRefusal | null {
  if (!user.rootAdmin) return 'not_admin';
  if (!hasStrongSignIn(user, hasPasskeys)) return 'second_factor_required';
  return null;
}
