/** Name of the cookie the API sets for cross-site request forgery protection. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Header that must echo the cookie on state-changing requests. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * The current XSRF-TOKEN cookie value, decoded (the server URL-encodes it, as Laravel does),
 * or null when the cookie is absent.
 */
export function readXsrfToken(cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== XSRF_COOKIE) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A malformed escape sequence: send the value as it is rather than nothing.
      return raw;
    }
  }
  return null;
}
