const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets in some URL the panel serves or builds: reset and
 * login links (`token`), invitations, billing signatures (`signature`, `payload`), websocket
 * tickets, and anything named like a key, code or password.
 */
const SECRET_PARAM = /token|ticket|sig|invitation|code|key|secret|pass|payload|auth/i;

/** A path segment after `/download/`: the one-time or signed grant of a file or backup download. */
const DOWNLOAD_GRANT = /(\/download\/)[^/?#]+/gi;

/**
 * Any other path segment that looks like a bearer secret: 32 or more URL-safe characters, alone or
 * dot-joined (signed tokens). UUIDs (server and backup ids) are not secrets and are kept.
 */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}(\.[A-Za-z0-9_-]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactPath(path: string): string {
  return path
    .replace(DOWNLOAD_GRANT, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && !UUID.test(segment) ? REDACTED : segment))
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is matched as written.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request URL as the log may show it: the values of secret query parameters and the grants in
 * signed download paths replaced by `[redacted]`. Logs are read by more people (and kept longer)
 * than the links live, and a download grant works without a bearer token.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question < 0) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, question))}?${redactQuery(withoutHash.slice(question + 1))}`;
}
