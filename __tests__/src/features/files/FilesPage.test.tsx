import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serversApi } from '../../../../src/api/servers';
import { makeStore } from '../../../../src/app/store';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { currentLocation } from '../../helpers/renderApp';
import { makeFile, makeFolder } from './filesFixture';
import { filesServer, renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

// In the API's order: folders first, then by name.
const rootListing = [
  makeFolder('plugins'),
  makeFolder('world'),
  makeFile('backup.zip', { size: 5_000_000, mime: 'application/zip' }),
  makeFile('eula.txt', { size: 10 }),
  makeFile('server.properties', { size: 1500 }),
];
const names = () => Array.from(document.querySelectorAll('[data-file-name]')).map((node) => node.getAttribute('data-file-name'));

describe('the files page', () => {
  it('lists the root folder in the API’s order (folders first), with sizes and permissions', async () => {
    const { network } = renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: rootListing } } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Files' })).toBeInTheDocument();
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(names()).toEqual(['plugins', 'world', 'backup.zip', 'eula.txt', 'server.properties']);
    expect(screen.getByText('1.5 KiB')).toBeInTheDocument();
    expect(screen.getByText('4.8 MiB')).toBeInTheDocument();
    expect(screen.getAllByText('drwxr-xr-x')).toHaveLength(2);
    expect(network.requestsTo('GET /api/v2/servers/s1/files/list')[0].query.get('directory')).toBe('/');
    expect(network.requestsTo('GET /api/v2/servers/s1/files/list')[0].headers.get('authorization')).toBe('Bearer test-token');
  });

  it('asks for a folder opened from the list once, and shows it', async () => {
    const user = userEvent.setup();
    const { network } = renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': ({ query }) =>
        query.get('directory') === '/plugins' ? { status: 200, body: { data: [makeFile('config.yml')] } } : { status: 200, body: { data: rootListing } },
    });
    await user.click(await screen.findByRole('button', { name: 'plugins' }));
    expect(await screen.findByRole('button', { name: 'config.yml' })).toBeInTheDocument();
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?directory=/plugins');
    const asked = network.requestsTo('GET /api/v2/servers/s1/files/list').map((request) => request.query.get('directory'));
    expect(asked).toEqual(['/', '/plugins']);
  });

  it('sorts by size, keeping folders first', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: rootListing } } });
    await screen.findByText('server.properties');
    await user.click(screen.getByText('Size'));
    expect(names()).toEqual(['plugins', 'world', 'eula.txt', 'server.properties', 'backup.zip']);
    await user.click(screen.getByText('Name'));
    expect(names()).toEqual(['plugins', 'world', 'backup.zip', 'eula.txt', 'server.properties']);
    await user.click(screen.getByText('Name'));
    await user.click(screen.getByText('Name'));
    await user.click(screen.getByText('Size'));
    await user.click(screen.getByText('Size'));
    // Descending reverses everything but the folders-first rule (folders tie on size, then by name).
    expect(names()).toEqual(['world', 'plugins', 'backup.zip', 'server.properties', 'eula.txt']);
  });

  it('opens folders and walks back with the breadcrumb, the folder in the address', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': ({ query }) =>
        query.get('directory') === '/plugins'
          ? { status: 200, body: { data: [makeFolder('Essentials')] } }
          : query.get('directory') === '/plugins/Essentials'
            ? { status: 200, body: { data: [makeFile('config.yml')] } }
            : { status: 200, body: { data: rootListing } },
    });
    await user.click(await screen.findByText('plugins'));
    await user.click(await screen.findByText('Essentials'));
    expect(await screen.findByText('config.yml')).toBeInTheDocument();
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?directory=/plugins/Essentials');
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('Essentials')).toHaveAttribute('aria-current', 'page');
    await user.click(within(crumbs).getByRole('link', { name: 'plugins' }));
    expect(await screen.findByText('Essentials')).toBeInTheDocument();
    await user.click(within(crumbs).getByRole('link', { name: /Server files/ }));
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(currentLocation()).toBe('/server/s1/files');
  });

  it('says clearly when the folder in the address is outside the server (400) and offers the root', async () => {
    const user = userEvent.setup();
    const { network } = renderFilesPage('/server/s1/files?directory=../../etc', {
      'GET /api/v2/servers/s1/files/list': ({ query }) =>
        query.get('directory') === '../../etc' ? { status: 400, body: { message: 'The path leaves the server’s folder.' } } : { status: 200, body: { data: rootListing } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This folder could not be opened');
    expect(alert).toHaveTextContent('This path is not allowed: it leads outside the server’s files');
    expect(alert).toHaveTextContent('The path leaves the server’s folder.');
    // The directory went to the API as written: the API is the judge.
    expect(network.requestsTo('GET /api/v2/servers/s1/files/list')[0].query.get('directory')).toBe('../../etc');
    await user.click(screen.getByRole('button', { name: 'Go to the server’s root folder' }));
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
  });

  it('tells a user without permission (403) that they may not do this', async () => {
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 403, body: { message: 'This action needs the permission file.read.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this on this server.');
  });

  it('does not ask for the list when the user lacks file.read and the server is already known', async () => {
    // Opened from another page of the server: its details, with the permissions, are in the store.
    const server = filesServer({ permissions: ['control.console'] });
    const store = makeStore(loggedIn(makeUser()));
    await store.dispatch(serversApi.util.upsertQueryData('getServer', { id: 's1' }, { data: server }));
    const { network } = renderFilesPage('/server/s1/files', {}, server, 1440, makeUser(), store);
    expect(await screen.findByText('You may not see the files of this server.')).toBeInTheDocument();
    expect(network.requestsTo('GET /api/v2/servers/s1/files/list')).toHaveLength(0);
  });

  it('searches by name in the folder and its subfolders, showing paths', async () => {
    const user = userEvent.setup();
    const { network } = renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: rootListing } },
      'GET /api/v2/servers/s1/files/search': { status: 200, body: { data: [{ ...makeFile('config.yml'), path: '/plugins/Essentials/config.yml' }] } },
    });
    await screen.findByText('server.properties');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name in this folder and its subfolders' }), 'config{Enter}');
    expect(await screen.findByText('/plugins/Essentials/config.yml')).toBeInTheDocument();
    expect(network.requestsTo('GET /api/v2/servers/s1/files/search')[0].query.get('pattern')).toBe('config');
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?search=config');
  });

  it('searches with the search button too, and its clear button goes back to the folder', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: rootListing } },
      'GET /api/v2/servers/s1/files/search': { status: 200, body: { data: [{ ...makeFile('config.yml'), path: '/plugins/Essentials/config.yml' }] } },
    });
    await screen.findByText('server.properties');
    const field = screen.getByRole('searchbox', { name: 'Search by name in this folder and its subfolders' });
    expect(screen.queryByRole('button', { name: 'Clear the search' })).not.toBeInTheDocument();
    await user.type(field, '  config ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('/plugins/Essentials/config.yml')).toBeInTheDocument();
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?search=config');
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(currentLocation()).toBe('/server/s1/files');
    expect(screen.getByRole('searchbox', { name: 'Search by name in this folder and its subfolders' })).toHaveValue('');
  });

  it('renders a folder of 10,000 entries as a virtual list (only the rows in view)', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => makeFile(`file-${String(index).padStart(5, '0')}.txt`));
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: many } } });
    expect(await screen.findByText('file-00000.txt')).toBeInTheDocument();
    await waitFor(() => expect(names().length).toBeGreaterThan(0));
    expect(names().length).toBeLessThan(200);
  });
});
