import { act, screen } from '@testing-library/react';
import { CONNECTING_NOTICE_AFTER_MS, ConnectionStatus } from '../../../../src/widgets/server/ConnectionStatus';
import { LazyAlert } from '../../../../src/components/LazyAlert';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

describe('the live connection notice', () => {
  it('says nothing while a connection is made quickly, and "Connecting…" once it takes a while', async () => {
    mockFetch({});
    // The notice's code (loaded on first use) is loaded first: a notice shown too early must show at once.
    const warm = renderWithProviders(<LazyAlert type="info" title="loaded" />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    warm.unmount();
    // The component's own clock: a wait measured on a busy machine's real one could outlast the hold.
    jest.useFakeTimers();
    let rerender: ReturnType<typeof renderWithProviders>['rerender'];
    try {
      ({ rerender } = renderWithProviders(<ConnectionStatus connection="connecting" retryAt={null} reason={null} onReconnect={() => {}} />));
      // A connection that comes at once flashes no notice (which would move the page under the reader).
      act(() => jest.advanceTimersByTime(CONNECTING_NOTICE_AFTER_MS - 1));
      expect(screen.queryByText('Connecting to the server…')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByText('Connecting to the server…')).toBeInTheDocument();
    rerender(<ConnectionStatus connection="connected" retryAt={null} reason={null} onReconnect={() => {}} />);
    expect(screen.queryByText('Connecting to the server…')).not.toBeInTheDocument();
  });
});
