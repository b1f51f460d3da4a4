import type { User } from '../../../src/api/auth';
import type { RootState } from '../../../src/app/store';

/** A user as GET auth/current answers it, with the specification's defaults. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uuid: '5b0f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b6a',
    username: 'steve',
    email: 'steve@example.com',
    name_first: 'Steve',
    name_last: 'Miner',
    language: 'en',
    root_admin: false,
    use_totp: false,
    gravatar: 'https://www.gravatar.com/avatar/0?d=identicon',
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
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

/** Store state of a logged-in user after start-up; the token is put where the API layer reads it. */
export function loggedIn(user: User = makeUser(), token = 'test-token'): Partial<RootState> {
  window.localStorage.setItem('access_token', token);
  return { session: { user, status: 'authenticated' }, app: { initialised: true, loaders: 0 } };
}

/** Store state of a visitor who is not logged in, after start-up. */
export function anonymous(): Partial<RootState> {
  window.localStorage.removeItem('access_token');
  return { session: { user: null, status: 'anonymous' }, app: { initialised: true, loaders: 0 } };
}

/** A complete login answer (login, checkpoint, register). */
export function completeLogin(user: User = makeUser(), token = 'new-token') {
  return { data: { complete: true, token, expires_at: '2099-01-01T00:00:00.000Z', user } };
}
