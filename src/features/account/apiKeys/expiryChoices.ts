import type { TFunction } from 'i18next';

/** The lifetimes offered for a new key, in days; 0 means it never expires. */
export const EXPIRY_DAYS = [0, 7, 30, 90, 365] as const;

type ExpiryDays = (typeof EXPIRY_DAYS)[number];

// One text per choice (no plural rules needed in any language).
const labels: Record<ExpiryDays, (t: TFunction) => string> = {
  0: (t) => t('apiKeys.expiry.never', 'Never'),
  7: (t) => t('apiKeys.expiry.week', '7 days'),
  30: (t) => t('apiKeys.expiry.month', '30 days'),
  90: (t) => t('apiKeys.expiry.quarter', '90 days'),
  365: (t) => t('apiKeys.expiry.year', '1 year'),
};

/** The label of a lifetime choice. */
export const expiryLabel = (t: TFunction, days: ExpiryDays): string => labels[days](t);

/** The `expires_at` a lifetime choice stands for, from now. */
export function expiresAtFor(days: number, now = Date.now()): string | null {
  return days === 0 ? null : new Date(now + days * 86_400_000).toISOString();
}
