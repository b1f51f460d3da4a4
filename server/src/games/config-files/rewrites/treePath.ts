/** One step of a dotted path: an object key, or an array index (`[0]`, or a number after a dot). */
export type PathStep = string | number;

/**
 * Splits an egg's dotted path (`listeners[0].host`, `a.b.0`) into steps; a path with a wildcard
 * (`servers.*.address`) splits into the part before it and the part applied to each child.
 */
export function parseTreePath(match: string): { before: PathStep[]; each: PathStep[] | null } {
  const wildcard = match.indexOf('.*');
  if (wildcard >= 0) return { before: steps(match.slice(0, wildcard)), each: steps(match.slice(wildcard + 2)) };
  return { before: steps(match), each: null };
}

function steps(path: string): PathStep[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '')
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));
}
