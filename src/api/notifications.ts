import { notificationsApi as generatedNotificationsApi } from './generated/notifications.gen';

/** Cache tags: the caller's notification list (every page and the bell's count), and one server's choices (id: the server's id as in the address). */
const LIST = 'Notifications' as const;
const SETTINGS = 'ServerNotificationSettings' as const;

/**
 * The notification endpoints: marking read refreshes the list and the bell; saving a server's
 * choices refreshes that server's choices only.
 */
export const notificationsApi = generatedNotificationsApi.enhanceEndpoints({
  addTagTypes: [LIST, SETTINGS],
  endpoints: {
    listNotifications: { providesTags: [LIST] },
    markNotificationsRead: { invalidatesTags: (_result, error) => (error ? [] : [LIST]) },
    getServerNotificationSettings: { providesTags: (_result, _error, { id }) => [{ type: SETTINGS, id }] },
    updateServerNotificationSettings: { invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: SETTINGS, id }]) },
  },
});

export const { useListNotificationsQuery, useMarkNotificationsReadMutation, useGetServerNotificationSettingsQuery, useUpdateServerNotificationSettingsMutation } = notificationsApi;
export type { Notification } from './generated/notifications.gen';
