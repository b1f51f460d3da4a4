import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationType = 'success' | 'error' | 'info';

/** One visible notification: a title, a text and an icon chosen by its type. */
export interface Notification {
  id: string;
  title: string;
  text: string;
  type: NotificationType;
}

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

/** The notifications on screen, oldest first. */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    added: {
      reducer(state, action: PayloadAction<Notification>) {
        state.items.push(action.payload);
      },
      // The id is made here, not in the reducer, so replaying a recorded action log gives the same ids.
      prepare: (notification: Omit<Notification, 'id'> & { id?: string }) => ({
        payload: { ...notification, id: notification.id ?? nanoid() },
      }),
    },
    dismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

export const { added: notificationAdded, dismissed: notificationDismissed } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;
