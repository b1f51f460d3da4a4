import {
  apiKeyPattern,
  privateKeyPattern,
  REDACTED,
  requestSecretKeyNames,
  secretChildKeyNames,
  secretKeyNames,
  secretPayloadActionTypes,
  secretQueryPattern,
  urlCredentialsPattern,
  webhookPathPattern,
} from './redactionList';

const MAX_DEPTH = 48;

/** Hides secret query parameters and credentials inside one text. */
export function redactText(text: string): string {
  const withoutPrivateKeys = text.includes('PRIVATE KEY-----') ? text.replace(privateKeyPattern, REDACTED) : text;
  const keyless = withoutPrivateKeys.includes('pck_') ? withoutPrivateKeys.replace(apiKeyPattern, REDACTED) : withoutPrivateKeys;
  // Cheap pre-check: most texts have neither a query, credentials nor a webhook path.
  const hook = keyless.includes('hooks');
  if (!hook && !keyless.includes('=') && !keyless.includes('@')) return keyless;
  const redacted = keyless.replace(secretQueryPattern, `$1${REDACTED}`).replace(urlCredentialsPattern, `$1${REDACTED}@`);
  return hook ? redacted.replace(webhookPathPattern, `$1${REDACTED}`) : redacted;
}

function isSecretKey(key: string, request: boolean): boolean {
  const lower = key.toLowerCase();
  return secretKeyNames.has(lower) || (request && requestSecretKeyNames.has(lower));
}

/** A shallow copy of a plain object with the named children (e.g. `tls.key`) hidden. */
function withSecretChildrenHidden(value: unknown, children: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(copy)) if (children.has(key.toLowerCase()) && copy[key] !== null && copy[key] !== undefined) copy[key] = REDACTED;
  return copy;
}

/** `{ field: ["message", ...] }`, the shape of server validation errors. */
function isFieldMessages(value: unknown): value is Record<string, string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
}

/** A bound on the items copied from each array, and the count of those left out so far. */
export interface ArrayCap {
  maxItems: number;
  dropped: number;
}

/**
 * A JSON-safe deep copy of `value` with every secret replaced by {@link REDACTED}. Objects that
 * are not plain (Request, Response, Headers, class instances) and functions are left out: they
 * cannot be written to a file and may hold credentials (RTK Query's baseQueryMeta).
 */
export function redactValue(value: unknown, request = false, depth = 0, cap?: ArrayCap): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    // Only the kept items are copied: the cost stays bounded however long the list is.
    const kept = cap && value.length > cap.maxItems ? value.slice(0, cap.maxItems) : value;
    if (cap) cap.dropped += value.length - kept.length;
    return kept.map((item) => redactValue(item, request, depth + 1, cap) ?? null);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    // 422 messages by field (validation state, error payloads): the field names are not secrets
    // but what support needs to see; the messages are the server's own words.
    if (key === 'errors' && isFieldMessages(inner)) {
      copy[key] = Object.fromEntries(Object.entries(inner).map(([field, messages]) => [field, messages.map(redactText)]));
      continue;
    }
    if (isSecretKey(key, request)) {
      copy[key] = inner === null || inner === undefined ? inner : REDACTED;
      continue;
    }
    const secretChildren = secretChildKeyNames.get(key.toLowerCase());
    const clean = redactValue(secretChildren ? withSecretChildrenHidden(inner, secretChildren) : inner, request, depth + 1, cap);
    if (clean !== undefined) copy[key] = clean;
  }
  return copy;
}

/** A Redux action as it may be logged: a `type` and any other serialisable fields. */
export interface LoggedAction {
  type: string;
  [field: string]: unknown;
}

/**
 * The action without secrets: payload, meta (RTK Query's meta.arg.originalArgs holds request
 * bodies) and error. Request actions (type `api/...`) also hide one-time `code`s.
 * With `maxItems`, the arrays of a request action's answer keep their first `maxItems` items (a
 * folder of 10,000 files is logged as its first ones, in the same shape, so a replay still shows
 * a listing) and the action says how many were left out in `truncatedItems`.
 */
export function redactAction(action: { type: string }, maxItems?: number): LoggedAction {
  if (secretPayloadActionTypes.has(action.type)) {
    const { payload, ...rest } = action as LoggedAction;
    return { ...(redactValue(rest) as LoggedAction), ...(payload === undefined ? {} : { payload: REDACTED }) };
  }
  const { payload } = action as LoggedAction;
  // `validation/failed` carries 422 messages by field name: `{ password: ["…"] }` names a field, not a secret.
  if (action.type === 'validation/failed' && isFieldMessages(payload)) {
    const messages = (redactValue({ errors: payload }) as { errors: Record<string, string[]> }).errors;
    return { type: action.type, payload: messages };
  }
  const request = action.type.startsWith('api/');
  if (!request || maxItems === undefined) return redactValue(action, request) as LoggedAction;
  const cap: ArrayCap = { maxItems, dropped: 0 };
  const logged = redactValue(action, true, 0, cap) as LoggedAction;
  return cap.dropped > 0 ? { ...logged, truncatedItems: cap.dropped } : logged;
}

/** The state without secrets; the `api` cache holds request arguments and answers. */
export function redactState<S>(state: S): S {
  if (state === null || typeof state !== 'object') return state;
  const clean: Record<string, unknown> = {};
  for (const [key, slice] of Object.entries(state)) clean[key] = redactValue(slice, key === 'api');
  return clean as S;
}
