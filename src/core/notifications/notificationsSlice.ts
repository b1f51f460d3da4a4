import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationType = 'success' | 'error' | 'info';

/** One visible notification: a title, a text and an icon chosen by its type. */
export interface Notification {
  id: string;
  title: string;
  text: string;
  type: NotificationType;
  /**
   * The API endpoint whose failure raised this error (e.g. `login`): a later success of the same
   * endpoint closes it. Absent for notices raised by pages.
   */
  source?: string;
  /**
   * Raised for the screen the page is about to open (e.g. the social-login callback sending the
   * visitor back to /login with its error): it outlives that one change of screen.
   */
  forNextScreen?: boolean;
}

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

function sameNotice(a: Omit<Notification, 'id'>, b: Omit<Notification, 'id'>): boolean {
  return a.type === b.type && a.title === b.title && a.text === b.text;
}

/**
 * The notifications on screen, oldest first. An identical notice (type, title and text) is never
 * stacked: the one on screen stays (an error takes the newer source, so a later success of that
 * request still closes it).
 */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    added: {
      reducer(state, action: PayloadAction<Notification>) {
        const twin = state.items.find((item) => sameNotice(item, action.payload));
        if (!twin) {
          state.items.push(action.payload);
          return;
        }
        if (action.payload.source !== undefined) twin.source = action.payload.source;
      },
      // The id is made here, not in the reducer, so replaying a recorded action log gives the same ids.
      prepare: (notification: Omit<Notification, 'id'> & { id?: string }) => ({
        payload: { ...notification, id: notification.id ?? nanoid() },
      }),
    },
    dismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    /** The endpoint named in the payload succeeded: the errors its earlier failures raised close. */
    errorsResolved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.type !== 'error' || item.source !== action.payload);
    },
    /** The user left the screen: its error notifications no longer apply. */
    screenLeft(state) {
      state.items = state.items.filter((item) => item.type !== 'error' || item.forNextScreen === true);
      for (const item of state.items) delete item.forNextScreen;
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
    selectHasErrors: (state) => state.items.some((item) => item.type === 'error'),
    selectHasErrorsFrom: (state, source: string) => state.items.some((item) => item.type === 'error' && item.source === source),
  },
});

export const { added: notificationAdded, dismissed: notificationDismissed, errorsResolved: notificationErrorsResolved, screenLeft: notificationScreenLeft } = notificationsSlice.actions;
export const { selectNotifications, selectHasErrors, selectHasErrorsFrom } = notificationsSlice.selectors;
