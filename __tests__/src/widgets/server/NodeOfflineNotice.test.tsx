import { screen } from '@testing-library/react';
import { NodeOfflineNotice } from '../../../../src/widgets/server/NodeOfflineNotice';
import { ServerStateTag } from '../../../../src/widgets/server/ServerStateTag';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

describe('a server whose node cannot be reached', () => {
  it('is labelled "Node offline", not "Offline", with why and that nothing is lost', async () => {
    mockFetch({});
    renderWithProviders(
      <>
        <ServerStateTag state="node_offline" />
        <NodeOfflineNotice state="node_offline" />
      </>,
      { preloadedState: loggedIn() },
    );
    expect(screen.getByText('Node offline')).toHaveAttribute('data-state', 'node_offline');
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    // The notice's Alert is fetched when it is first shown.
    expect(await screen.findByText('The machine this server runs on cannot be reached')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is lost/)).toBeInTheDocument();
  });

  it('says nothing for a server that is merely stopped, and names a move in progress', () => {
    mockFetch({});
    renderWithProviders(
      <>
        <ServerStateTag state="transferring" />
        <NodeOfflineNotice state="offline" />
      </>,
      { preloadedState: loggedIn() },
    );
    expect(screen.getByText('Transferring')).toBeInTheDocument();
    expect(screen.queryByTestId('node-offline-notice')).not.toBeInTheDocument();
  });
});
