import { Type, type Static, type TSchema } from 'typebox';
import { PanelEventNameSchema, panelEventNames } from './panelEvents';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Limits of the area. */
export const WEBHOOK_LIMITS = {
  /** Webhooks per server. */
  perServer: 10,
  nameLength: 100,
  urlLength: 2048,
  secretMin: 16,
  secretMax: 200,
  /** Delivery attempts kept in a webhook's log. */
  deliveriesKept: 100,
} as const;

export const WebhookKindSchema = Type.Union([Type.Literal('discord'), Type.Literal('json')], {
  description: 'discord: Discord embeds to a Discord webhook URL; json: the panel’s JSON, signed with HMAC-SHA256',
});
export type WebhookKind = Static<typeof WebhookKindSchema>;

const eventsField = Type.Array(PanelEventNameSchema, { minItems: 1, maxItems: panelEventNames.length, uniqueItems: true, description: 'The events sent to this webhook' });

/** A webhook as the API shows it (never its secret). */
export const WebhookSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    kind: WebhookKindSchema,
    url: Type.String(),
    events: Type.Array(PanelEventNameSchema),
    /** Whether a signing secret is set (json hooks). */
    has_secret: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Webhook', additionalProperties: false },
);
export type WebhookJson = Static<typeof WebhookSchema>;
export const WebhookRef = Type.Unsafe<WebhookJson>(Type.Ref('Webhook'));
export const WebhookDeliveryRef = Type.Unsafe<WebhookDeliveryJson>(Type.Ref('WebhookDelivery'));

/** A webhook with its signing secret: answered once, when the secret is made. */
export const WebhookWithSecretSchema = Type.Object({
  data: WebhookRef,
  secret: Type.Optional(Type.String({ description: 'The signing secret of a json hook: shown only in this answer' })),
});

export const CreateWebhookBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.nameLength }),
    kind: WebhookKindSchema,
    url: Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.urlLength, description: 'http(s) address; private, loopback and link-local addresses are refused' }),
    events: eventsField,
    secret: Type.Optional(Type.String({ minLength: WEBHOOK_LIMITS.secretMin, maxLength: WEBHOOK_LIMITS.secretMax, description: 'json hooks: the signing secret; generated when not given' })),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = Type.Partial(CreateWebhookBodySchema, { additionalProperties: false });
export type UpdateWebhookBody = Static<typeof UpdateWebhookBodySchema>;

export const WebhookParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' }),
  webhook: Type.String({ minLength: 1, maxLength: 64, description: 'Uuid of the webhook' }),
});

export const WebhookDeliveryStatusSchema = Type.Union([Type.Literal('delivered'), Type.Literal('retrying'), Type.Literal('failed')], {
  description: 'delivered: answered 2xx; retrying: failed, another attempt is planned; failed: failed and given up (a test is tried once)',
});

/** One delivery attempt, as the log shows it. */
export const WebhookDeliverySchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    event_id: Type.String({ format: 'uuid' }),
    event: Type.String({ description: 'The event name, or webhook.test' }),
    status: WebhookDeliveryStatusSchema,
    attempt: Type.Integer({ description: 'From 1' }),
    response_code: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    duration_ms: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookDelivery', additionalProperties: false },
);
export type WebhookDeliveryJson = Static<typeof WebhookDeliverySchema>;
