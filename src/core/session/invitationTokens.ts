/**
 * Tokens of invitation links opened in this browser and not answered yet (localStorage, so they
 * outlive a reload or a later visit): the dashboard keeps showing those invitations until they are
 * accepted or declined. Logging out forgets them, so the next person on this browser cannot
 * accept someone else's invitation.
 */
export const INVITATION_TOKENS_KEY = 'pending_invitations';

/** More would only be someone pasting links in a loop; the oldest go first. */
const MAX_TOKENS = 10;

/** The stored tokens, oldest first. */
export function readInvitationTokens(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(INVITATION_TOKENS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((token): token is string => typeof token === 'string' && token.length > 0 && token.length <= 256) : [];
  } catch {
    return [];
  }
}

function write(tokens: readonly string[]): void {
  if (tokens.length === 0) window.localStorage.removeItem(INVITATION_TOKENS_KEY);
  else window.localStorage.setItem(INVITATION_TOKENS_KEY, JSON.stringify(tokens.slice(-MAX_TOKENS)));
}

/** Remembers a token (once); returns the stored tokens. */
export function rememberInvitationToken(token: string): string[] {
  const tokens = [...readInvitationTokens().filter((known) => known !== token), token];
  write(tokens);
  return readInvitationTokens();
}

/** Forgets an answered (or dead) token; returns the stored tokens. */
export function forgetInvitationToken(token: string): string[] {
  write(readInvitationTokens().filter((known) => known !== token));
  return readInvitationTokens();
}

/** Forgets every token (on log out). */
export function forgetInvitationTokens(): void {
  window.localStorage.removeItem(INVITATION_TOKENS_KEY);
}
