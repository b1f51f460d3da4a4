/** What a provider needs of an order to hand it over. */
export interface CheckoutOrder {
  /** The order id the billing system sees (uuid). */
  orderId: string;
  /** The server's uuid and its billing id (WHMCS service id), when it has one; null for a server still to be ordered. */
  serverUuid: string | null;
  externalServerId: string | null;
  /** The plan the server has now; null for a new server. */
  fromPlan: string | null;
  toPlan: string;
  amountDue: number;
  priceMonthly: number;
  currency: string;
  expiresAt: Date;
  /** Where the billing system sends the customer back (the upgrade page, the dashboard). */
  returnUrl: string;
  /** A new server's order: what the server will be (absent for a plan change). */
  newServer?: { template: string; name: string; location: string | null };
}

/** What the billing system reports through its webhook. */
export interface BillingEvent {
  eventId: string;
  orderId: string;
  status: 'paid' | 'failed';
  reason: string | null;
}

/**
 * How plan changes are paid. The instant provider completes an order at once (the customer's
 * confirmation is the payment: self-hosted panels and the demo); an external provider sends the
 * customer to a billing system, which reports back through a signed webhook.
 */
export interface BillingProvider {
  readonly kind: 'instant' | 'external';
  /** Hands a new order over: `complete` means apply it now; else send the customer to `redirectUrl`. */
  checkout(order: CheckoutOrder): { complete: true; redirectUrl: null } | { complete: false; redirectUrl: string };
  /** The verified event of a webhook request, or throws a 401 (bad or missing signature, stale timestamp, malformed body). */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): BillingEvent;
}
