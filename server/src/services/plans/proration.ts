/**
 * The prorated amount due now for a plan change, by the documented rule (README, "Plans and
 * billing"): the billing period is the calendar month (UTC). Moving up costs the difference of the
 * monthly prices for the days left in the period, today included:
 *
 *   due = round((newPrice − oldPrice) × remainingDays / daysInPeriod)
 *
 * rounded to the nearest minor unit (half up). Moving down costs nothing now and gives no credit:
 * the lower price applies from the next period.
 */
export interface Proration {
  amountDue: number;
  remainingDays: number;
  periodDays: number;
  /** First day of the next period (ISO date), when the new monthly price is charged in full. */
  periodEnd: string;
}

/** Days in the UTC month of `date`. */
function daysInMonth(date: Date): number {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

/** The amount due now when moving from `oldPrice` to `newPrice` (minor units per month) at `now`. */
export function prorate(oldPrice: number, newPrice: number, now: Date = new Date()): Proration {
  const periodDays = daysInMonth(now);
  const remainingDays = periodDays - now.getUTCDate() + 1;
  const difference = newPrice - oldPrice;
  const amountDue = difference > 0 ? Math.floor((difference * remainingDays) / periodDays + 0.5) : 0;
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  return { amountDue, remainingDays, periodDays, periodEnd };
}
