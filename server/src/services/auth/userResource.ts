import { createHash } from 'node:crypto';
import type { UserRow } from '../../db/schema';
import type { User } from '../../schemas/user';

/** Gravatar image URL for an email (SHA-256 of the trimmed, lower-cased address). */
export function gravatarUrl(email: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?d=mp`;
}

/** The user as the API answers it (SPEC section 3): snake_case, no secrets, defaults applied. */
export function toUserResource(row: UserRow): User {
  return {
    uuid: row.uuid,
    username: row.username,
    email: row.email,
    name_first: row.nameFirst,
    name_last: row.nameLast,
    language: row.language,
    root_admin: row.rootAdmin,
    use_totp: row.useTotp,
    gravatar: gravatarUrl(row.email),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    whmcs_user_token: row.whmcsUserToken,
    discord_id: row.discordId,
    discord_avatar: row.discordAvatar,
    discord_username: row.discordUsername,
    restart_confirmation: row.restartConfirmation,
    time_format: row.timeFormat,
    role: row.role,
    paid: row.paid,
  };
}
