/** One changed value between two states. */
export interface StateChange {
  /** Dotted path, e.g. `session.user.name_first`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/**
 * The differences between two states, down to the values that changed. Subtrees that are the
 * same object (the reducers did not touch them) are skipped at once. Stops after `limit` changes.
 */
export function stateDiff(before: unknown, after: unknown, limit = 200): StateChange[] {
  const changes: StateChange[] = [];
  const visit = (left: unknown, right: unknown, path: string) => {
    if (left === right || changes.length >= limit) return;
    if (isObject(left) && isObject(right) && Array.isArray(left) === Array.isArray(right)) {
      const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
      for (const key of keys) {
        const inner = path ? `${path}.${key}` : key;
        if (!(key in left)) changes.push({ path: inner, kind: 'added', after: right[key] });
        else if (!(key in right)) changes.push({ path: inner, kind: 'removed', before: left[key] });
        else visit(left[key], right[key], inner);
        if (changes.length >= limit) return;
      }
      return;
    }
    if (JSON.stringify(left) !== JSON.stringify(right)) changes.push({ path, kind: 'changed', before: left, after: right });
  };
  visit(before, after, '');
  return changes;
}
