import type { User } from '../../src/api/generated';

/** A user as GET auth/current answers it, with the specification's defaults. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uuid: '6f1c1e43-2a4e-4d3b-9d0b-3b1f4e2a9c11',
    username: 'steve',
    email: 'steve@example.com',
    name_first: 'Steve',
    name_last: 'Miner',
    language: 'en',
    root_admin: false,
    use_totp: false,
    gravatar: 'https://www.gravatar.com/avatar/0000',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    whmcs_user_token: null,
    discord_id: null,
    discord_avatar: null,
    discord_username: null,
    restart_confirmation: true,
    time_format: 24,
    role: 4,
    paid: true,
    ...overrides,
  };
}
