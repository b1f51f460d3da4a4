import { baseApi as api } from "../baseApi";
export const addTagTypes = ["notifications"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listNotifications: build.query<
        ListNotificationsApiResponse,
        ListNotificationsApiArg
      >({
        query: (queryArg) => ({
          url: `/notifications`,
          params: {
            page: queryArg.page,
            per_page: queryArg.perPage,
            unread: queryArg.unread,
          },
        }),
        providesTags: ["notifications"],
      }),
      markNotificationsRead: build.mutation<
        MarkNotificationsReadApiResponse,
        MarkNotificationsReadApiArg
      >({
        query: (queryArg) => ({
          url: `/notifications/read`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["notifications"],
      }),
      getServerNotificationSettings: build.query<
        GetServerNotificationSettingsApiResponse,
        GetServerNotificationSettingsApiArg
      >({
        query: (queryArg) => ({ url: `/servers/${queryArg.id}/notifications` }),
        providesTags: ["notifications"],
      }),
      updateServerNotificationSettings: build.mutation<
        UpdateServerNotificationSettingsApiResponse,
        UpdateServerNotificationSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/servers/${queryArg.id}/notifications`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["notifications"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as notificationsApi };
export type ListNotificationsApiResponse = /** status 200 Default Response */ {
  data: Notification[];
  meta: {
    page: number;
    per_page: number;
    total: number;
    unread: number;
  };
};
export type ListNotificationsApiArg = {
  page: number;
  perPage: number;
  /** Only the unread ones */
  unread?: boolean;
};
export type MarkNotificationsReadApiResponse =
  /** status 200 Default Response */ {
    meta: {
      unread: number;
    };
  };
export type MarkNotificationsReadApiArg = {
  body: {
    /** Mark every notification read */
    all?: boolean;
    /** The notifications to mark read */
    ids?: string[];
  };
};
export type GetServerNotificationSettingsApiResponse =
  /** status 200 Default Response */ {
    data: {
      events: {
        /** An event the panel reports about a server. */
        event:
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
          | "server.suspended";
        /** Sent by mail (at most one per server and event in a few minutes) */
        mail: boolean;
        /** Shown in the panel’s notification list */
        panel: boolean;
      }[];
    };
  };
export type GetServerNotificationSettingsApiArg = {
  /** Short id or uuid */
  id: string;
};
export type UpdateServerNotificationSettingsApiResponse =
  /** status 200 Default Response */ {
    data: {
      events: {
        /** An event the panel reports about a server. */
        event:
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
          | "server.suspended";
        /** Sent by mail (at most one per server and event in a few minutes) */
        mail: boolean;
        /** Shown in the panel’s notification list */
        panel: boolean;
      }[];
    };
  };
export type UpdateServerNotificationSettingsApiArg = {
  /** Short id or uuid */
  id: string;
  body: {
    /** The events to change; the others keep their choice */
    events: {
      /** An event the panel reports about a server. */
      event:
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
        | "server.suspended";
      /** Sent by mail (at most one per server and event in a few minutes) */
      mail: boolean;
      /** Shown in the panel’s notification list */
      panel: boolean;
    }[];
  };
};
export type Notification = {
  created_at: string;
  /** What the event is about (exit code, player, schedule ...), as the event carried it */
  data: {
    [key: string]: any;
  };
  /** An event the panel reports about a server. */
  event:
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
    | "server.suspended";
  /** The event’s id, as webhooks receive it */
  event_id: string;
  id: string;
  read_at: string | null;
  server: {
    /** The server’s short id, as in its address */
    id: string;
    name: string;
    uuid: string;
  };
};
export const {
  useListNotificationsQuery,
  useLazyListNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetServerNotificationSettingsQuery,
  useLazyGetServerNotificationSettingsQuery,
  useUpdateServerNotificationSettingsMutation,
} = injectedRtkApi;
