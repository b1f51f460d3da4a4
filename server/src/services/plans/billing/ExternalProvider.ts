import { HttpError } from '../../../lib/errors';
import type { BillingEvent, BillingProvider, CheckoutOrder } from './BillingProvider';
import { checkoutMessage, hmacHex, sameSignature, webhookMessage } from './signing';

export interface ExternalProviderOptions {
  url: string;
  secret: string;
  webhookToleranceSeconds: number;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const refused = (why: string) => new HttpError(401, `Invalid webhook: ${why}.`);

/**
 * A billing system of the host's (WHMCS and the like). Checkout: the customer goes to
 * `<url>?payload=<base64url JSON>&signature=<hex HMAC-SHA256 of "checkout.<payload>">`; the
 * payload holds the order id, plans, amount, currency, return address and `expires_at` (unix
 * seconds). Webhook: `X-Panel-Timestamp` (unix seconds) and `X-Panel-Signature: sha256=<hex HMAC
 * of "<timestamp>.<raw body>">`, body `{ event_id, order_id, status: paid|failed, reason? }`.
 */
export class ExternalProvider implements BillingProvider {
  readonly kind = 'external' as const;

  constructor(private readonly options: ExternalProviderOptions) {}

  checkout(order: CheckoutOrder): { complete: false; redirectUrl: string } {
    const payload = Buffer.from(
      JSON.stringify({
        order_id: order.orderId,
        server_uuid: order.serverUuid,
        external_id: order.externalServerId,
        from_plan: order.fromPlan,
        to_plan: order.toPlan,
        amount_due: order.amountDue,
        price_monthly: order.priceMonthly,
        currency: order.currency,
        return_url: order.returnUrl,
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        // Only a new server's order carries it, so a plan change's payload stays as it was.
        ...(order.newServer && { new_server: order.newServer }),
      }),
    ).toString('base64url');
    const url = new URL(this.options.url);
    url.searchParams.set('payload', payload);
    url.searchParams.set('signature', hmacHex(this.options.secret, checkoutMessage(payload)));
    return { complete: false, redirectUrl: url.toString() };
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date = new Date()): BillingEvent {
    const timestamp = header(headers, 'x-panel-timestamp');
    const signature = header(headers, 'x-panel-signature').replace(/^sha256=/, '');
    if (!/^\d{1,12}$/.test(timestamp) || !signature) throw refused('missing timestamp or signature');
    if (!sameSignature(hmacHex(this.options.secret, webhookMessage(timestamp, rawBody)), signature)) throw refused('bad signature');
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > this.options.webhookToleranceSeconds) throw refused('the timestamp is too old or in the future');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      throw refused('the body is not JSON');
    }
    const { event_id: eventId, order_id: orderId, status, reason } = body;
    if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 128) throw refused('event_id is missing');
    if (typeof orderId !== 'string' || !/^[0-9a-f-]{36}$/i.test(orderId)) throw refused('order_id is missing');
    if (status !== 'paid' && status !== 'failed') throw refused('status must be paid or failed');
    return { eventId, orderId, status, reason: typeof reason === 'string' ? reason.slice(0, 500) : null };
  }
}
