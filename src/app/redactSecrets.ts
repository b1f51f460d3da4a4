import { REDACTED, requestSecretKeyNames, secretKeyNames } from '../features/support/redactionList';

/** What replaces a secret in DevTools and recorded action logs. */
export { REDACTED };

/** Keys whose values are secrets wherever they appear (the reviewed list of the support feature). */
const secretKeys = secretKeyNames;

/**
 * Keys that are secrets only inside request arguments and answers: `code` is a one-time code
 * there (two-factor enable), but a harmless language code in the locale state.
 */
const requestSecretKeys = requestSecretKeyNames;

export interface RedactOptions {
  /** The value is a request argument or answer (RTK Query cache or request actions). */
  request?: boolean;
}

/**
 * A deep copy of `value` with every secret replaced by {@link REDACTED}. Leaves the original
 * untouched and copies only what it must.
 */
export function redactSecrets<T>(value: T, options: RedactOptions = {}): T {
  const visit = (node: unknown, depth: number): unknown => {
    if (node === null || typeof node !== 'object' || depth > 32) return node;
    if (Array.isArray(node)) return node.map((item) => visit(item, depth + 1));
    const prototype = Object.getPrototypeOf(node);
    if (prototype !== Object.prototype && prototype !== null) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(node)) {
      const secret = secretKeys.has(key.toLowerCase()) || (options.request === true && requestSecretKeys.has(key));
      copy[key] = secret && inner !== null && inner !== undefined ? REDACTED : visit(inner, depth + 1);
    }
    return copy;
  };
  return visit(value, 0) as T;
}
