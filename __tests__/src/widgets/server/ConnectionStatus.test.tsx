import { act, screen } from '@testing-library/react';
import { CONNECTING_NOTICE_AFTER_MS, ConnectionStatus } from '../../../../src/widgets/server/ConnectionStatus';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

describe('the live connection notice', () => {
  it('says nothing while a connection is made quickly, and "Connecting…" once it takes a while', async () => {
    mockFetch({});
    const { rerender } = renderWithProviders(<ConnectionStatus connection="connecting" retryAt={null} reason={null} onReconnect={() => {}} />);
    // A connection that comes at once flashes no notice (which would move the page under the reader).
    await act(() => new Promise((resolve) => setTimeout(resolve, CONNECTING_NOTICE_AFTER_MS / 2)));
    expect(screen.queryByText('Connecting to the server…')).not.toBeInTheDocument();
    expect(await screen.findByText('Connecting to the server…', undefined, { timeout: 5000 })).toBeInTheDocument();
    rerender(<ConnectionStatus connection="connected" retryAt={null} reason={null} onReconnect={() => {}} />);
    expect(screen.queryByText('Connecting to the server…')).not.toBeInTheDocument();
  });
});
