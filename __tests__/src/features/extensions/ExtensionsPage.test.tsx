import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ExtensionsPage } from '../../../../src/features/extensions/ExtensionsPage';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);
allowUpdatesOutsideAct();

const permissions = ['extensions.read', 'extensions.manage'];

const overview = {
  software: { software: 'paper', name: 'Paper', version: '1.21.4' },
  target: { software: 'paper', software_name: 'Paper', game_version: '1.21.4', kind: 'plugin', folder: 'plugins', loaders: ['paper', 'spigot', 'bukkit'] },
  providers: [{ id: 'modrinth', name: 'Modrinth' }],
  installed: [],
  catalogue_error: null,
};

const hit = (name: string, downloads = 411930) => ({
  provider: 'modrinth',
  project_id: name.toLowerCase(),
  slug: name.toLowerCase(),
  name,
  description: `${name} does things`,
  author: 'someone',
  icon_url: null,
  downloads,
  page_url: null,
  external_url: null,
  installed: false,
});

const release = (name: string, version: string) => ({
  provider: 'modrinth',
  project_id: name.toLowerCase(),
  name,
  version_id: `v-${name}`,
  version_number: version,
  file_name: `${name}-${version}.jar`,
  size: 1000,
  icon_url: null,
  external_url: null,
  verified: true,
});

let api: FetchMock;
beforeEach(() => {
  api = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', permissions }) } },
    'GET /api/v2/servers/s1/extensions': { status: 200, body: { data: overview } },
    'GET /api/v2/servers/s1/extensions/search': (request) => {
      const page = Number(request.query.get('page') ?? 1);
      return { status: 200, body: { data: { provider: 'modrinth', page, per_page: 10, total: 25, has_more: page < 3, hits: [hit(page === 1 ? 'ChunkyBorder' : `Second page ${page}`)] } } };
    },
    'GET /api/v2/servers/s1/extensions/projects/modrinth/chunkyborder': {
      status: 200,
      body: { data: { body: 'Borders for every world.', hit: hit('ChunkyBorder'), versions: [{ id: 'v1', number: '1.2.23', published_at: null }] } },
    },
    'POST /api/v2/servers/s1/extensions/plan': { status: 200, body: { data: { releases: [release('ChunkyBorder', '1.2.23'), release('Chunky', '1.4.36')], satisfied: [] } } },
    'POST /api/v2/servers/s1/extensions/install': { status: 200, body: { data: { installed: [] } } },
  });
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/extensions" element={<ExtensionsPage />} />
    </Routes>,
    { route: '/server/s1/extensions', preloadedState: loggedIn() },
  );

it('lists the catalogue’s hits with their downloads, searches as the person types, and the clear button empties the search', async () => {
  renderPage();
  const title = await screen.findByRole('heading', { name: 'ChunkyBorder' });
  const item = title.closest('li')!;
  expect(within(item).getByText('ChunkyBorder does things')).toBeInTheDocument();
  expect(within(item).getByText('411.9K downloads')).toBeInTheDocument();
  expect(within(item).getByRole('button', { name: 'Install ChunkyBorder' })).toBeEnabled();

  const search = screen.getByRole('searchbox', { name: 'Search plugins' });
  fireEvent.change(search, { target: { value: 'border' } });
  await waitFor(() => expect(api.requestsTo('GET /api/v2/servers/s1/extensions/search').some((r) => r.query.get('query') === 'border')).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
  expect(search).toHaveValue('');
});

it('pages through the hits with the pager', async () => {
  renderPage();
  await screen.findByRole('heading', { name: 'ChunkyBorder' });
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('heading', { name: 'Second page 2' })).toBeInTheDocument();
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  expect(api.requestsTo('GET /api/v2/servers/s1/extensions/search').at(-1)!.query.get('page')).toBe('2');
});

it('opens a project’s details only when asked, with the versions that fit the server', async () => {
  renderPage();
  await screen.findByRole('heading', { name: 'ChunkyBorder' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requestsTo('GET /api/v2/servers/s1/extensions/projects/modrinth/chunkyborder')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Details of ChunkyBorder' }));
  const details = await screen.findByRole('dialog', { name: 'ChunkyBorder' });
  expect(await within(details).findByText('Borders for every world.')).toBeInTheDocument();
  expect(within(details).getByRole('heading', { name: 'Versions for this server' })).toBeInTheDocument();
  expect(within(details).getByText('1.2.23')).toBeInTheDocument();
});

it('asks before installing with dependencies, and installs them when told to', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Install ChunkyBorder' }));
  const dialog = await screen.findByRole('dialog', { name: 'Install ChunkyBorder?' });
  expect(within(dialog).getByText('Chunky 1.4.36')).toBeInTheDocument();
  expect(api.requestsTo('POST /api/v2/servers/s1/extensions/install')).toHaveLength(0);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Install with its dependencies' }));
  await waitFor(() => expect(api.requestsTo('POST /api/v2/servers/s1/extensions/install')).toHaveLength(1));
  expect(api.requestsTo('POST /api/v2/servers/s1/extensions/install')[0].body).toEqual({ provider: 'modrinth', project: 'chunkyborder', dependencies: true });
});

it('says in plain words that the catalogue is down, whatever the server’s answer carries', async () => {
  api.route({
    'GET /api/v2/servers/s1/extensions': { status: 200, body: { data: { ...overview, catalogue_error: 'The Modrinth catalogue could not be reached.' } } },
    'GET /api/v2/servers/s1/extensions/search': { status: 502, body: { message: 'The Modrinth catalogue cannot be reached (getaddrinfo ENOTFOUND api.modrinth.com).' } },
  });
  renderPage();
  expect(await screen.findByText('The plugin catalogue could not be reached. Try again later.')).toBeInTheDocument();
  expect(screen.getByText('A catalogue cannot be reached: installed files are listed, but updates cannot be checked now.')).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent(/ENOTFOUND|api\.modrinth\.com/);
});
