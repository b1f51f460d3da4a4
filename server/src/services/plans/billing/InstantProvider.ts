import { HttpError } from '../../../lib/errors';
import type { BillingEvent, BillingProvider } from './BillingProvider';

/** The embedded default: an order completes as soon as the customer confirms it; there are no webhooks. */
export class InstantProvider implements BillingProvider {
  readonly kind = 'instant' as const;

  checkout(): { complete: true; redirectUrl: null } {
    return { complete: true, redirectUrl: null };
  }

  verifyWebhook(): BillingEvent {
    throw new HttpError(401, 'No billing system is configured.');
  }
}
