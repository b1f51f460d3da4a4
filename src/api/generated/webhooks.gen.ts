import { baseApi as api } from "../baseApi";
export const addTagTypes = ["webhooks"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listServerWebhooks: build.query<
        ListServerWebhooksApiResponse,
        ListServerWebhooksApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/webhooks` }),
        providesTags: ["webhooks"],
      }),
      createServerWebhook: build.mutation<
        CreateServerWebhookApiResponse,
        CreateServerWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/webhooks`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["webhooks"],
      }),
      deleteServerWebhook: build.mutation<
        DeleteServerWebhookApiResponse,
        DeleteServerWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/webhooks/${queryArg.webhook}`,
          method: "DELETE",
        }),
        invalidatesTags: ["webhooks"],
      }),
      updateServerWebhook: build.mutation<
        UpdateServerWebhookApiResponse,
        UpdateServerWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/webhooks/${queryArg.webhook}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["webhooks"],
      }),
      listServerWebhookDeliveries: build.query<
        ListServerWebhookDeliveriesApiResponse,
        ListServerWebhookDeliveriesApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/webhooks/${queryArg.webhook}/deliveries`,
        }),
        providesTags: ["webhooks"],
      }),
      testServerWebhook: build.mutation<
        TestServerWebhookApiResponse,
        TestServerWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/webhooks/${queryArg.webhook}/test`,
          method: "POST",
        }),
        invalidatesTags: ["webhooks"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as webhooksApi };
export type ListServerWebhooksApiResponse = /** status 200 Default Response */ {
  data: Webhook[];
  meta: {
    events: (
      | "server.started"
      | "server.stopped"
      | "server.crashed"
      | "server.restart_gave_up"
      | "server.install_finished"
      | "server.install_failed"
      | "backup.finished"
      | "backup.failed"
      | "backup.restored"
      | "schedule.failed"
      | "resource.threshold"
      | "player.joined"
      | "player.left"
      | "node.offline"
      | "node.online"
      | "plan.changed"
      | "server.suspended"
    )[];
    limit: number;
  };
};
export type ListServerWebhooksApiArg = {
  /** Short id or uuid */
  id: string;
};
export type CreateServerWebhookApiResponse =
  /** status 201 Default Response */ {
    data: Webhook;
    /** The signing secret of a json hook: shown only in this answer */
    secret?: string;
  };
export type CreateServerWebhookApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** The events sent to this webhook */
    events: (
      | "server.started"
      | "server.stopped"
      | "server.crashed"
      | "server.restart_gave_up"
      | "server.install_finished"
      | "server.install_failed"
      | "backup.finished"
      | "backup.failed"
      | "backup.restored"
      | "schedule.failed"
      | "resource.threshold"
      | "player.joined"
      | "player.left"
      | "node.offline"
      | "node.online"
      | "plan.changed"
      | "server.suspended"
    )[];
    /** discord: Discord embeds to a Discord webhook URL; json: the panel’s JSON, signed with HMAC-SHA256 */
    kind: "discord" | "json";
    name: string;
    /** json hooks: the signing secret; generated when not given */
    secret?: string;
    /** http(s) address; private, loopback and link-local addresses are refused */
    url: string;
  };
};
export type DeleteServerWebhookApiResponse = unknown;
export type DeleteServerWebhookApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the webhook */
  webhook: string;
};
export type UpdateServerWebhookApiResponse =
  /** status 200 Default Response */ {
    data: Webhook;
    /** The signing secret of a json hook: shown only in this answer */
    secret?: string;
  };
export type UpdateServerWebhookApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the webhook */
  webhook: string;
  body: {
    /** The events sent to this webhook */
    events?: (
      | "server.started"
      | "server.stopped"
      | "server.crashed"
      | "server.restart_gave_up"
      | "server.install_finished"
      | "server.install_failed"
      | "backup.finished"
      | "backup.failed"
      | "backup.restored"
      | "schedule.failed"
      | "resource.threshold"
      | "player.joined"
      | "player.left"
      | "node.offline"
      | "node.online"
      | "plan.changed"
      | "server.suspended"
    )[];
    /** discord: Discord embeds to a Discord webhook URL; json: the panel’s JSON, signed with HMAC-SHA256 */
    kind?: "discord" | "json";
    name?: string;
    /** json hooks: the signing secret; generated when not given */
    secret?: string;
    /** http(s) address; private, loopback and link-local addresses are refused */
    url?: string;
  };
};
export type ListServerWebhookDeliveriesApiResponse =
  /** status 200 Default Response */ {
    data: WebhookDelivery[];
  };
export type ListServerWebhookDeliveriesApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the webhook */
  webhook: string;
};
export type TestServerWebhookApiResponse = /** status 200 Default Response */ {
  data: WebhookDelivery;
};
export type TestServerWebhookApiArg = {
  /** Short id or uuid of the server */
  id: string;
  /** Uuid of the webhook */
  webhook: string;
};
export type Webhook = {
  created_at: string;
  events: (
    | "server.started"
    | "server.stopped"
    | "server.crashed"
    | "server.restart_gave_up"
    | "server.install_finished"
    | "server.install_failed"
    | "backup.finished"
    | "backup.failed"
    | "backup.restored"
    | "schedule.failed"
    | "resource.threshold"
    | "player.joined"
    | "player.left"
    | "node.offline"
    | "node.online"
    | "plan.changed"
    | "server.suspended"
  )[];
  has_secret: boolean;
  /** discord: Discord embeds to a Discord webhook URL; json: the panel’s JSON, signed with HMAC-SHA256 */
  kind: "discord" | "json";
  name: string;
  updated_at: string;
  url: string;
  uuid: string;
};
export type WebhookDelivery = {
  /** From 1 */
  attempt: number;
  created_at: string;
  duration_ms: number;
  error: string | null;
  /** The event name, or webhook.test */
  event: string;
  event_id: string;
  response_code: number | null;
  /** delivered: answered 2xx; retrying: failed, another attempt is planned; failed: failed and given up (a test is tried once) */
  status: "delivered" | "retrying" | "failed";
  uuid: string;
};
export const {
  useListServerWebhooksQuery,
  useLazyListServerWebhooksQuery,
  useCreateServerWebhookMutation,
  useDeleteServerWebhookMutation,
  useUpdateServerWebhookMutation,
  useListServerWebhookDeliveriesQuery,
  useLazyListServerWebhookDeliveriesQuery,
  useTestServerWebhookMutation,
} = injectedRtkApi;
