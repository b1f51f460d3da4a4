import { configure, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ExtensionsPage } from '../../../../src/features/extensions/ExtensionsPage';
import { ModpacksPage } from '../../../../src/features/modpacks/ModpacksPage';
import { VersionsPage } from '../../../../src/features/versions/VersionsPage';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);
allowUpdatesOutsideAct();

const permissions = ['versions.read', 'versions.update', 'modpacks.read', 'modpacks.install', 'extensions.read', 'extensions.manage'];
const javaSoftware = [
  ['vanilla', 'Vanilla'],
  ['paper', 'Paper'],
  ['fabric', 'Fabric'],
  ['forge', 'Forge'],
];

/** The embedded server's versions overview, on a host with or without Java. */
const versionsOverview = (java: boolean) => ({
  current: { software: 'flying-squid', name: 'flying-squid (embedded)', version: '1.21.4', build: null },
  software: [
    { id: 'flying-squid', name: 'flying-squid (embedded)', kind: 'server', switchable: true, reinstall: false, unavailable: null },
    ...javaSoftware.map(([id, name]) => ({ id, name, kind: 'server', switchable: true, reinstall: true, unavailable: java ? null : 'java' })),
    { id: 'velocity', name: 'Velocity', kind: 'proxy', switchable: false, reinstall: false, unavailable: null },
  ],
  java_major: java ? 21 : null,
  job: null,
});
const paperVersions = {
  software: 'paper',
  versions: [{ id: '1.21.4', type: 'release', minecraft: '1.21.4', java_major: 21, released_at: null, current: false, downgrade: false, java_warning: false }],
  total: 1,
  stale_since: null,
};

let api: FetchMock;
function serve(java: boolean, versions: { status: number; body: unknown } = { status: 200, body: { data: paperVersions } }) {
  api = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'offline', permissions }) } },
    'GET /api/v2/servers/s1/versions': { status: 200, body: { data: versionsOverview(java) } },
    'GET /api/v2/servers/s1/versions/job': { status: 200, body: { data: null } },
    'GET /api/v2/servers/s1/versions/software/paper': versions,
    'GET /api/v2/servers/s1/versions/software/flying-squid': { status: 200, body: { data: { ...paperVersions, software: 'flying-squid' } } },
    'GET /api/v2/servers/s1/modpacks': { status: 200, body: { data: { installed: null, update: null, supported: false, job: null } } },
    'GET /api/v2/servers/s1/modpacks/search': { status: 200, body: { data: { sources: [], total: 0, offset: 0, hits: [] } } },
    'GET /api/v2/servers/s1/extensions': {
      status: 200,
      body: { data: { software: { software: 'flying-squid', name: 'flying-squid (embedded)', version: '1.21.4' }, target: null, providers: [], installed: [], catalogue_error: null } },
    },
  });
}
afterEach(() => api.restore());

const render = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/modpacks" element={<ModpacksPage />} />
      <Route path="/server/:id/extensions" element={<ExtensionsPage />} />
      <Route path="/server/:id/minecraft/versions" element={<VersionsPage />} />
    </Routes>,
    { route, preloadedState: loggedIn() },
  );

describe('a server that cannot run modpacks', () => {
  it('offers no search and no install, and leads to the switch to Fabric', async () => {
    serve(true);
    render('/server/s1/modpacks');
    const link = await screen.findByRole('link', { name: 'Switch to Fabric for modpacks' });
    expect(link).toHaveAttribute('href', '/server/s1/minecraft/versions?software=fabric');
    expect(screen.queryByRole('searchbox', { name: 'Search modpacks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Path of the .mrpack file' })).toBeNull();
    expect(api.requestsTo('GET /api/v2/servers/s1/modpacks/search')).toHaveLength(0);
  });

  it('says once that the host has no Java, and offers no switch that would fail', async () => {
    serve(false);
    render('/server/s1/modpacks');
    expect(await screen.findAllByText('This host has no Java, so it cannot run the software that takes these.')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^Switch to/ })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search modpacks' })).toBeNull();
  });
});

it('the plugins page of the embedded server leads to Paper for plugins and Fabric for mods', async () => {
  serve(true);
  render('/server/s1/extensions');
  expect(await screen.findByRole('link', { name: 'Switch to Paper for plugins' })).toHaveAttribute('href', '/server/s1/minecraft/versions?software=paper');
  expect(screen.getByRole('link', { name: 'Switch to Fabric for mods' })).toHaveAttribute('href', '/server/s1/minecraft/versions?software=fabric');
});

describe('the versions page of the embedded server', () => {
  it('opens on the software it was sent for, and confirms a family switch as a reinstall that says what becomes of the world', async () => {
    serve(true);
    render('/server/s1/minecraft/versions?software=paper');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to 1.21.4' }));
    const dialog = await screen.findByRole('tooltip');
    expect(within(dialog).getByText('Reinstall as Paper 1.21.4?')).toBeInTheDocument();
    expect(within(dialog).getByText(/a backup of all its files is made first/)).toBeInTheDocument();
    expect(within(dialog).getByText(/world\/1\.21\.4\/\): Paper cannot read it and makes a new world/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back up and reinstall' })).toBeInTheDocument();
    expect(screen.queryByText(/not for this server/)).toBeNull();
  });

  it('without Java: one sentence, and no Java software offered, even when sent for Paper', async () => {
    serve(false);
    render('/server/s1/minecraft/versions?software=paper');
    expect(await screen.findAllByText('This host has no Java, so Vanilla, Paper, Fabric, Forge cannot run here.')).toHaveLength(1);
    // It shows the embedded server's own versions instead.
    await screen.findByRole('button', { name: 'Switch to 1.21.4' });
    expect(api.requestsTo('GET /api/v2/servers/s1/versions/software/paper')).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Software' }));
    expect(screen.queryByRole('option', { name: /Paper/ })).toBeNull();
  });

  it('when the catalogue cannot be reached: its reason once, and no switch buttons', async () => {
    serve(true, { status: 502, body: { message: 'The PaperMC catalogue could not be reached.' } });
    render('/server/s1/minecraft/versions?software=paper');
    // A catalogue that cannot be reached is said in the customer's words, once.
    expect(await screen.findAllByText('The software catalogue could not be reached. Try again later.')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Switch to/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
