import { Type, type Static } from 'typebox';
import { PanelEventNameSchema } from './panelEvents';

export const NotificationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event: PanelEventNameSchema,
    event_id: Type.String({ format: 'uuid', description: 'The event’s id, as webhooks receive it' }),
    server: Type.Object({
      id: Type.String({ description: 'The server’s short id, as in its address' }),
      uuid: Type.String({ format: 'uuid' }),
      name: Type.String(),
    }),
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'What the event is about (exit code, player, schedule ...), as the event carried it' }),
    read_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Notification', additionalProperties: false },
);
export type NotificationJson = Static<typeof NotificationSchema>;
export const NotificationRef = Type.Unsafe<NotificationJson>(Type.Ref('Notification'));

export const NotificationListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  unread: Type.Optional(Type.Boolean({ description: 'Only the unread ones' })),
});

export const MarkNotificationsReadBodySchema = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, description: 'The notifications to mark read' })),
    all: Type.Optional(Type.Boolean({ description: 'Mark every notification read' })),
  },
  { additionalProperties: false },
);
export type MarkNotificationsReadBody = Static<typeof MarkNotificationsReadBodySchema>;

export const NotificationChoiceSchema = Type.Object(
  {
    event: PanelEventNameSchema,
    panel: Type.Boolean({ description: 'Shown in the panel’s notification list' }),
    mail: Type.Boolean({ description: 'Sent by mail (at most one per server and event in a few minutes)' }),
  },
  { additionalProperties: false },
);
export type NotificationChoiceJson = Static<typeof NotificationChoiceSchema>;

export const NotificationSettingsSchema = Type.Object({ events: Type.Array(NotificationChoiceSchema) }, { additionalProperties: false });

export const UpdateNotificationSettingsBodySchema = Type.Object(
  { events: Type.Array(NotificationChoiceSchema, { minItems: 1, maxItems: 50, description: 'The events to change; the others keep their choice' }) },
  { additionalProperties: false },
);
export type UpdateNotificationSettingsBody = Static<typeof UpdateNotificationSettingsBodySchema>;
