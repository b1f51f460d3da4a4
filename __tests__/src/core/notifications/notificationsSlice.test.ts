import { makeStore } from '../../../../src/app/store';
import { notificationAdded, notificationDismissed, selectNotifications } from '../../../../src/core/notifications/notificationsSlice';

describe('notifications', () => {
  it('adds notifications with an id, title, text and type, oldest first', () => {
    const store = makeStore();
    store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Your account was updated.' }));
    store.dispatch(notificationAdded({ type: 'info', title: 'Note', text: 'Second' }));
    const items = selectNotifications(store.getState());
    expect(items.map(({ title, text, type }) => ({ title, text, type }))).toEqual([
      { title: 'Saved', text: 'Your account was updated.', type: 'success' },
      { title: 'Note', text: 'Second', type: 'info' },
    ]);
    expect(new Set(items.map((item) => item.id)).size).toBe(2);
  });

  it('puts the id in the action, so replaying a recorded action gives the same notification', () => {
    const action = notificationAdded({ type: 'error', title: 'Error', text: 'Unknown error' });
    const first = makeStore();
    const second = makeStore();
    first.dispatch(action);
    second.dispatch(action);
    expect(selectNotifications(first.getState())).toEqual(selectNotifications(second.getState()));
  });

  it('dismisses one notification by id', () => {
    const store = makeStore();
    store.dispatch(notificationAdded({ id: 'a', type: 'error', title: 'Error', text: 'One' }));
    store.dispatch(notificationAdded({ id: 'b', type: 'error', title: 'Error', text: 'Two' }));
    store.dispatch(notificationDismissed('a'));
    expect(selectNotifications(store.getState()).map((item) => item.id)).toEqual(['b']);
  });
});
