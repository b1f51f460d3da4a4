/** Why the signed-in user cannot use the admin area, or null when they can. */
export type AdminAreaRefusal = 'not_admin' | 'second_factor_required';

/**
 * The server's rule, read from the session's user: a root admin whose account has a second
 * factor (two-factor codes or a passkey). The admin API enforces it; this only chooses what the
 * area shows.
 */
export function adminAreaRefusal(user: { root_admin: boolean; use_totp: boolean; has_passkeys?: boolean } | null): AdminAreaRefusal | null {
  if (!user?.root_admin) return 'not_admin';
  if (!user.use_totp && !user.has_passkeys) return 'second_factor_required';
  return null;
}
