import type { ServerWebhookRow } from '../../db/schema';
import { openSecret } from '../../lib/secretBox';
import { parseWebhookUrl } from './webhookAddress';

/** Purpose under which webhook secrets are sealed (lib/secretBox). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';

/**
 * A hook as the dispatcher sends to it: its row, with what is the same for each of its deliveries
 * worked out once while the row is cached (its parsed address, its opened signing secret, whose
 * key derivation cost more than the rest of a delivery's own work). The address's DNS answer is
 * not kept here: it is checked again before every delivery.
 */
export class SendableHook {
  private url: URL | null = null;
  private secret: string | null = null;

  constructor(
    readonly row: ServerWebhookRow,
    private readonly panelSecret: string,
  ) {}

  /** The hook's address (throws WebhookAddressError for one the panel never sends to). */
  address(): URL {
    return (this.url ??= parseWebhookUrl(this.row.url));
  }

  /** The secret its JSON deliveries are signed with ('' for a hook without one). */
  signingSecret(): string {
    return (this.secret ??= this.row.secretSealed ? openSecret(this.panelSecret, WEBHOOK_SECRET_PURPOSE, this.row.secretSealed) : '');
  }
}
