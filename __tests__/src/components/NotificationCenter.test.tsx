import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppChrome } from '../../../src/app/router/AppChrome';
import { notificationAdded } from '../../../src/core/notifications/notificationsSlice';
import { renderWithProviders } from '../renderWithProviders';

function renderChrome() {
  return renderWithProviders(<AppChrome />);
}

describe('notifications', () => {
  it('show the title, the text and an icon by type', () => {
    const { store } = renderChrome();
    act(() => {
      store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Your name was updated.' }));
      store.dispatch(notificationAdded({ type: 'error', title: 'Error', text: 'The password is wrong.' }));
      store.dispatch(notificationAdded({ type: 'info', title: 'Heads up', text: 'Maintenance tonight.' }));
    });
    const region = screen.getByRole('region', { name: 'Notifications' });

    const success = within(region).getByRole('status', { name: 'Saved' });
    expect(within(success).getByText('Your name was updated.')).toBeInTheDocument();
    expect(within(success).getByRole('img', { name: 'check-circle' })).toBeInTheDocument();

    const error = within(region).getByRole('alert', { name: 'Error' });
    expect(within(error).getByText('The password is wrong.')).toBeInTheDocument();
    expect(within(error).getByRole('img', { name: 'close-circle' })).toBeInTheDocument();

    const other = within(region).getByRole('status', { name: 'Heads up' });
    expect(within(other).getByText('Maintenance tonight.')).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: 'info-circle' })).toBeInTheDocument();
  });

  it('close with their close button', async () => {
    const { store } = renderChrome();
    act(() => {
      store.dispatch(notificationAdded({ type: 'error', title: 'Error', text: 'First' }));
      store.dispatch(notificationAdded({ type: 'error', title: 'Error', text: 'Second' }));
    });
    const first = screen.getByText('First').closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(store.getState().notifications.items.map((item) => item.text)).toEqual(['Second']);
  });

  it('close success and information notices by themselves, but keep errors until closed', () => {
    jest.useFakeTimers();
    try {
      const { store } = renderChrome();
      act(() => {
        store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Done.' }));
        store.dispatch(notificationAdded({ type: 'error', title: 'Error', text: 'Broken.' }));
      });
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.queryByText('Done.')).not.toBeInTheDocument();
      expect(screen.getByText('Broken.')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('show nothing when there are none', () => {
    renderChrome();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
