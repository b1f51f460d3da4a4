import type { ServerWebhookRow } from '../../db/schema';
import type { WebhookJson } from '../../schemas/webhooks';

/** A webhook as the API shows it: never its secret, only whether it has one. */
export function webhookView(hook: ServerWebhookRow): WebhookJson {
  return {
    uuid: hook.uuid,
    name: hook.name,
    kind: hook.kind as WebhookJson['kind'],
    url: hook.url,
    events: hook.events as WebhookJson['events'],
    has_secret: hook.secretSealed !== null,
    created_at: hook.createdAt.toISOString(),
    updated_at: hook.updatedAt.toISOString(),
  };
}
