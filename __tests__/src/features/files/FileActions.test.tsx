import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeFile, makeFolder } from './filesFixture';
import { renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

const listing = [makeFolder('plugins'), makeFolder('logs'), makeFile('server.properties'), makeFile('world.zip', { mime: 'application/zip' })];
const LIST = 'GET /api/v2/servers/s1/files/list';
const noContent = { status: 204 };

async function setUp(routes: Parameters<typeof renderFilesPage>[1] = {}) {
  const user = userEvent.setup();
  const view = renderFilesPage('/server/s1/files?directory=%2Fdata', { [LIST]: { status: 200, body: { data: listing } }, ...routes });
  await screen.findByText('server.properties');
  return { user, ...view };
}

/** Opens a row's menu with a right click and picks an item. */
async function fromMenu(user: ReturnType<typeof userEvent.setup>, name: string, item: string) {
  fireEvent.contextMenu(screen.getByText(name));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(item) }));
}

const dialog = () => screen.getByRole('dialog');

describe('file actions', () => {
  it('creates a folder in the folder on screen, then lists it again', async () => {
    const { user, network } = await setUp({ 'POST /api/v2/servers/s1/files/create-folder': noContent });
    await user.click(screen.getByRole('button', { name: /New folder/ }));
    // The dialogs' code loads on the first opening.
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Folder name'), 'maps{Enter}');
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/create-folder')).toHaveLength(1));
    expect(network.requestsTo('POST /api/v2/servers/s1/files/create-folder')[0].body).toEqual({ root: '/data', name: 'maps' });
    await waitFor(() => expect(network.requestsTo(LIST)).toHaveLength(2));
  });

  it('renames from the context menu', async () => {
    const { user, network } = await setUp({ 'PUT /api/v2/servers/s1/files/rename': noContent });
    await fromMenu(user, 'server.properties', 'Rename');
    const field = within(dialog()).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'old.properties');
    await user.click(within(dialog()).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(network.requestsTo('PUT /api/v2/servers/s1/files/rename')).toHaveLength(1));
    expect(network.requestsTo('PUT /api/v2/servers/s1/files/rename')[0].body).toEqual({ root: '/data', files: [{ from: 'server.properties', to: 'old.properties' }] });
  });

  it('asks before deleting, and deletes nothing when cancelled', async () => {
    const { user, network } = await setUp({ 'POST /api/v2/servers/s1/files/delete': noContent });
    await fromMenu(user, 'logs', 'Delete');
    expect(within(dialog()).getByText('Delete logs?')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(network.requestsTo('POST /api/v2/servers/s1/files/delete')).toHaveLength(0);
    await fromMenu(user, 'logs', 'Delete');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/delete')).toHaveLength(1));
    expect(network.requestsTo('POST /api/v2/servers/s1/files/delete')[0].body).toEqual({ root: '/data', files: ['logs'] });
  });

  it('acts on several selected items at once: move and delete', async () => {
    const { user, network } = await setUp({ 'PUT /api/v2/servers/s1/files/rename': noContent, 'POST /api/v2/servers/s1/files/delete': noContent });
    await user.click(screen.getByRole('checkbox', { name: 'Select logs' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select server.properties' }));
    const bulk = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(within(bulk).getByText('2 selected')).toBeInTheDocument();
    // A folder is selected: downloading needs an archive first.
    expect(within(bulk).getByRole('button', { name: /Download/ })).toBeDisabled();

    await user.click(within(bulk).getByRole('button', { name: /Move/ }));
    const destination = within(dialog()).getByLabelText('Destination folder (from the server’s root)');
    await user.clear(destination);
    await user.type(destination, '/archive{Enter}');
    await waitFor(() => expect(network.requestsTo('PUT /api/v2/servers/s1/files/rename')).toHaveLength(1));
    expect(network.requestsTo('PUT /api/v2/servers/s1/files/rename')[0].body).toEqual({
      root: '/',
      files: [
        { from: 'data/logs', to: 'archive/logs' },
        { from: 'data/server.properties', to: 'archive/server.properties' },
      ],
    });
    // The selection is cleared after the move.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected items' })).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Select plugins' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select world.zip' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected items' })).getByRole('button', { name: /Delete/ }));
    expect(within(dialog()).getByText('Delete 2 items?')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/delete')[0]?.body).toEqual({ root: '/data', files: ['plugins', 'world.zip'] }));
  });

  it('changes permissions with the grid, kept in step with the octal mode', async () => {
    const { user, network } = await setUp({ 'POST /api/v2/servers/s1/files/chmod': noContent });
    await fromMenu(user, 'server.properties', 'Permissions');
    const mode = within(dialog()).getByLabelText('Mode (octal)');
    expect(mode).toHaveValue('644');
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Owner Execute' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Others Read' }));
    expect(mode).toHaveValue('740');
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/chmod')[0]?.body).toEqual({ root: '/data', files: [{ file: 'server.properties', mode: '740' }] }));
  });

  it('compresses, extracts archives and copies', async () => {
    const { user, network, store } = await setUp({
      'POST /api/v2/servers/s1/files/compress': { status: 200, body: { data: makeFile('plugins.tar.gz') } },
      'POST /api/v2/servers/s1/files/decompress': noContent,
      'POST /api/v2/servers/s1/files/copy': noContent,
    });
    await fromMenu(user, 'plugins', 'Compress');
    await user.click(within(dialog()).getByRole('radio', { name: 'Gzipped tar (.tar.gz)' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Compress' }));
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/compress')[0]?.body).toEqual({ root: '/data', files: ['plugins'], format: 'tar.gz' }));

    await fromMenu(user, 'world.zip', 'Extract here');
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/decompress')[0]?.body).toEqual({ root: '/data', file: 'world.zip' }));
    await waitFor(() => expect(store.getState().notifications.items.map((n) => n.text)).toContain('world.zip was extracted.'));

    await fromMenu(user, 'server.properties', 'Make a copy');
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/copy')[0]?.body).toEqual({ location: '/data/server.properties' }));
  });

  it('pulls a file from a web address into the folder', async () => {
    const { user, network } = await setUp({ 'POST /api/v2/servers/s1/files/pull': { status: 202 } });
    await user.click(screen.getByRole('button', { name: /Download from URL/ }));
    await screen.findByRole('dialog');
    const ok = within(dialog()).getByRole('button', { name: 'Download' });
    await user.type(within(dialog()).getByLabelText('Web address (http or https)'), 'file:///etc/passwd');
    expect(ok).toBeDisabled();
    await user.clear(within(dialog()).getByLabelText('Web address (http or https)'));
    await user.type(within(dialog()).getByLabelText('Web address (http or https)'), 'https://example.com/plugin.jar');
    await user.click(ok);
    await waitFor(() => expect(network.requestsTo('POST /api/v2/servers/s1/files/pull')[0]?.body).toEqual({ url: 'https://example.com/plugin.jar', directory: '/data' }));
  });

  it('keeps a dialog open with a clear message when the disk is full (507)', async () => {
    const { user } = await setUp({ 'POST /api/v2/servers/s1/files/create-folder': { status: 507, body: { message: 'The plan allows 5120 MiB.' } } });
    await user.click(screen.getByRole('button', { name: /New folder/ }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Folder name'), 'maps{Enter}');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Not enough disk space: the server has reached its plan’s disk quota. (The plan allows 5120 MiB.)');
  });

  it('greys out what the user may not do', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files', { [LIST]: { status: 200, body: { data: listing } } }, (await import('./renderFilesPage')).filesServer({ permissions: ['file.read'] }));
    await screen.findByText('server.properties');
    expect(screen.getByRole('button', { name: /New file/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Upload$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Upload folder/ })).toBeDisabled();
    fireEvent.contextMenu(screen.getByText('server.properties'));
    expect(await screen.findByRole('menuitem', { name: /Delete/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: /Rename/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
  });
});
