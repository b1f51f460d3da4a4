/** The localStorage key of the access token, exactly as the specification names it. */
export const ACCESS_TOKEN_KEY = 'access_token';

/**
 * localStorage can throw (disabled storage, private modes, quota): the panel then simply
 * behaves as if nothing were stored.
 */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored access token, or null when the user has none. */
export function getStoredToken(): string | null {
  try {
    return storage()?.getItem(ACCESS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps the access token for later visits. */
export function storeToken(token: string): void {
  try {
    storage()?.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Storage unavailable: the token lives only as long as this page.
  }
}

/** Forgets the access token. */
export function clearStoredToken(): void {
  try {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
