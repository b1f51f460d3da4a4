/** From this share of a limit on, the panel warns that the limit is near. */
export const NEAR_LIMIT_RATIO = 0.9;

/** How a resource stands against its limit. */
export type UsageLevel = 'normal' | 'near' | 'over';

/** `used / limit`, or null when there is no limit to compare with. */
export function usageRatio(used: number, limit: number): number | null {
  return limit > 0 ? used / limit : null;
}

/** `normal` below 90 % of the limit, `near` from 90 %, `over` at or past it. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const ratio = usageRatio(used, limit);
  if (ratio === null || ratio < NEAR_LIMIT_RATIO) return 'normal';
  return ratio >= 1 ? 'over' : 'near';
}
