import { configure, screen, waitFor } from '@testing-library/react';
import type { MockAnswer } from '../../helpers/mockFetch';
import { makeFile, makeFolder } from './filesFixture';
import { filesServer, renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

const LIST = 'GET /api/v2/servers/s1/files/list';
const listing = [makeFolder('plugins'), makeFile('server.properties', { size: 1500 })];

/** An answer held back until `release` is called. */
function heldAnswer(answer: MockAnswer) {
  let release: () => void = () => undefined;
  const answered = new Promise<MockAnswer>((resolve) => {
    release = () => resolve(answer);
  });
  return { route: () => answered, release: () => release() };
}

describe('the files page on a full load (server not known yet)', () => {
  it('asks for the folder together with the server’s details, not after them', async () => {
    const serverAnswer = heldAnswer({ status: 200, body: { data: filesServer() } });
    const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {
      'GET /api/v2/servers/s1': serverAnswer.route,
      [LIST]: { status: 200, body: { data: listing } },
    });
    // The server’s details are still on their way, and the list is already asked for.
    await waitFor(() => expect(network.requestsTo(LIST)).toHaveLength(1));
    expect(network.requestsTo(LIST)[0].query.get('directory')).toBe('/plugins');
    serverAnswer.release();
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(network.requestsTo(LIST)).toHaveLength(1);
  });

  it('waits for the early answer instead of asking a second time when the server’s details come first', async () => {
    const listAnswer = heldAnswer({ status: 200, body: { data: listing } });
    const { network } = renderFilesPage('/server/s1/files', { [LIST]: listAnswer.route });
    // The folder’s page is there (the server is known) while its list is still loading.
    expect(await screen.findByRole('searchbox', { name: 'Search by name in this folder and its subfolders' })).toBeInTheDocument();
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    listAnswer.release();
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(network.requestsTo(LIST)).toHaveLength(1);
  });

  it('keeps the early 403 of a user without file.read silent and shows the page’s own notice', async () => {
    const { network, store } = renderFilesPage(
      '/server/s1/files',
      { [LIST]: { status: 403, body: { message: 'This action needs the permission file.read.' } } },
      filesServer({ permissions: ['control.console'] }),
    );
    expect(await screen.findByText('You may not see the files of this server.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().app.loaders).toBe(0));
    expect(network.requestsTo(LIST)).toHaveLength(1);
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('still reports a failure of the folder through the page’s own request (one notification)', async () => {
    const { network, store } = renderFilesPage('/server/s1/files?directory=..%2F..%2Fetc', {
      [LIST]: { status: 400, body: { message: 'The path leaves the server’s folder.' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This folder could not be opened');
    await waitFor(() => expect(store.getState().app.loaders).toBe(0));
    expect(network.requestsTo(LIST)).toHaveLength(2);
    expect(store.getState().notifications.items.map((item) => item.text)).toEqual(['The path leaves the server’s folder.']);
  });
});
