import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backup } from '../../../../src/api/backups';
import { RestoreDialog } from '../../../../src/features/backups/RestoreDialog';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
allowUpdatesOutsideAct();

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const backup = { uuid: '3f2b8a10-0000-4000-8000-000000000001', name: 'Before the update' } as Backup;

it('shows the restore running, then says it is done and starts the server from there', async () => {
  let finish: () => void = () => undefined;
  fetchMock = mockFetch(async (request) => {
    if (request.path.endsWith('/restore')) {
      await new Promise<void>((resolve) => (finish = resolve));
      return jsonResponse(200, { data: {} });
    }
    return new Response(null, { status: 204 });
  });
  const user = userEvent.setup();
  const onClose = jest.fn();
  renderWithProviders(<RestoreDialog serverId="s1" backup={backup} offline canStop canStart onClose={onClose} />);
  await user.click(await screen.findByRole('button', { name: 'Restore' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Restoring Before the update');
  finish();
  expect(await screen.findByText('Restored Before the update')).toBeInTheDocument();
  expect(screen.getByText('The server is stopped. Start it to play on the restored files.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Start the server' }));
  await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/power')).toHaveLength(1));
  expect(fetchMock.requestsTo('POST /api/v2/servers/s1/power')[0].body).toEqual({ signal: 'start' });
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
