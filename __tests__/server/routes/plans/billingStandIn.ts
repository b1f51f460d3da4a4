import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in received from the panel's checkout redirect. */
export interface ReceivedCheckout {
  order_id: string;
  server_uuid: string;
  from_plan: string;
  to_plan: string;
  amount_due: number;
  price_monthly: number;
  currency: string;
  return_url: string;
  expires_at: number;
}

/** How a webhook is sent: each part can be spoiled on purpose. */
export interface WebhookOptions {
  eventId?: string;
  /** Unix seconds (default now). */
  timestamp?: number;
  /** Sign with another key. */
  secret?: string;
  reason?: string;
}

/**
 * A small billing system playing the third party, over real HTTP: it checks the panel's signed
 * checkout redirect (HMAC and expiry) like WHMCS would, shows a page with Pay and Decline, and
 * reports the outcome to the panel through a signed webhook, then sends the customer back.
 */
export class BillingStandIn {
  readonly checkouts = new Map<string, ReceivedCheckout>();
  /** Webhook answers, in order: status and body. */
  readonly deliveries: { status: number; body: string }[] = [];
  private server: Server | null = null;
  /** The panel's webhook address, set once the panel listens. */
  webhookUrl = '';

  constructor(private readonly secret: string) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body, headers }) => {
          response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
          response.end(body);
        },
        (error: Error) => {
          response.writeHead(500);
          response.end(error.message);
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/checkout`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Verifies a checkout redirect as the billing system does: the signature, then the expiry. */
  verifyCheckout(url: string, now = Date.now()): { ok: true; checkout: ReceivedCheckout } | { ok: false; status: number; why: string } {
    const params = new URL(url).searchParams;
    const payload = params.get('payload') ?? '';
    const signature = Buffer.from(params.get('signature') ?? '', 'hex');
    const expected = createHmac('sha256', this.secret).update(`checkout.${payload}`).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return { ok: false, status: 401, why: 'bad signature' };
    const checkout = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReceivedCheckout;
    if (checkout.expires_at * 1000 < now) return { ok: false, status: 410, why: 'expired' };
    return { ok: true, checkout };
  }

  /** Sends a signed webhook for an order to the panel; answers the panel's status and body. */
  async sendWebhook(orderId: string, status: 'paid' | 'failed', options: WebhookOptions = {}): Promise<{ status: number; body: string; eventId: string }> {
    const eventId = options.eventId ?? randomUUID();
    const body = JSON.stringify({ event_id: eventId, order_id: orderId, status, ...(options.reason ? { reason: options.reason } : {}) });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', options.secret ?? this.secret)
      .update(`${timestamp}.${body}`)
      .digest('hex');
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-panel-timestamp': timestamp, 'x-panel-signature': `sha256=${signature}` },
      body,
    });
    const answer = { status: response.status, body: await response.text(), eventId };
    this.deliveries.push(answer);
    return answer;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: string; headers?: Record<string, string> }> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/checkout') {
      const verified = this.verifyCheckout(url.toString());
      if (!verified.ok) return { status: verified.status, body: `<h1>Refused: ${verified.why}</h1>` };
      const { checkout } = verified;
      this.checkouts.set(checkout.order_id, checkout);
      const amount = (checkout.amount_due / 100).toFixed(2);
      return {
        status: 200,
        body: `<!doctype html><html lang="en"><title>Billing</title><main><h1>Pay for ${checkout.to_plan}</h1><p>Due now: ${amount} ${checkout.currency}</p>
<form method="post" action="/pay?order=${checkout.order_id}"><button type="submit">Pay</button></form>
<form method="post" action="/decline?order=${checkout.order_id}"><button type="submit">Decline</button></form></main></html>`,
      };
    }
    if (request.method === 'POST' && (url.pathname === '/pay' || url.pathname === '/decline')) {
      const checkout = this.checkouts.get(url.searchParams.get('order') ?? '');
      if (!checkout) return { status: 404, body: 'Unknown order' };
      await this.sendWebhook(checkout.order_id, url.pathname === '/pay' ? 'paid' : 'failed', url.pathname === '/decline' ? { reason: 'The card was declined.' } : {});
      return { status: 303, body: '', headers: { location: checkout.return_url } };
    }
    return { status: 404, body: 'Not found' };
  }
}
