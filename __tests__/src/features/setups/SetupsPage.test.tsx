import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { SetupsPage } from '../../../../src/features/setups/SetupsPage';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);
allowUpdatesOutsideAct();

const permissions = ['setups.read', 'setups.apply'];

const setups = [
  {
    id: 'minecraft-modded-fabric',
    name: 'Modded (Fabric + performance mods)',
    description: 'Fabric with Lithium, FerriteCore and Krypton for a faster server.',
    extensions: ['fabric-api', 'lithium', 'ferrite-core', 'krypton'],
    available: true,
    suggests_new_world: false,
    unavailable_reason: null,
  },
  {
    id: 'minecraft-minigames-paper',
    name: 'Minigames (Paper + plugins)',
    description: 'Paper with a lobby and minigame plugins, adventure mode in the lobby.',
    extensions: ['multiverse-core', 'luckperms', 'worldguard'],
    available: true,
    suggests_new_world: false,
    unavailable_reason: null,
  },
];

const mod = (name: string, version: string, file: string, dependencyOf: string | null = null) => ({
  provider: 'modrinth',
  project_id: name.toLowerCase(),
  name,
  version_id: `v-${name}`,
  version_number: version,
  file,
  size: 1000,
  dependency_of: dependencyOf,
});

const modded = {
  setup: 'minecraft-modded-fabric',
  name: 'Modded (Fabric + performance mods)',
  software: { from: { software: 'vanilla', version: '1.21.4' }, to: { software: 'fabric', version: '1.21.4' } },
  config: [{ file: 'server.properties', key: 'difficulty', old: 'easy', new: 'normal' }],
  files: ['server.properties', 'mods/fabric-api-0.114.0+1.21.4.jar', 'mods/krypton-0.2.8.jar'],
  extensions: [mod('Fabric API', '0.114.0+1.21.4', 'fabric-api-0.114.0+1.21.4.jar'), mod('Krypton', '0.2.8', 'krypton-0.2.8.jar'), mod('Indium', '1.0.35', 'indium-1.0.35.jar', 'Krypton')],
  extensions_folder: 'mods',
  extensions_installed: ['Lithium'],
  unresolved: [],
  suggests_new_world: false,
};

const minigames = {
  setup: 'minecraft-minigames-paper',
  name: 'Minigames (Paper + plugins)',
  software: { from: { software: 'vanilla', version: '1.21.4' }, to: { software: 'paper', version: '1.21.4' } },
  config: [],
  files: [],
  extensions: [],
  extensions_folder: 'plugins',
  extensions_installed: [],
  unresolved: [{ extension: 'worldguard', reason: 'unreachable', message: 'worldguard could not be resolved: Modrinth cannot be reached. Try again later.' }],
  suggests_new_world: false,
};

let api: FetchMock;
beforeEach(() => {
  api = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'offline', permissions }) } },
    'GET /api/v2/servers/s1/versions/job': { status: 200, body: { data: null } },
    'GET /api/v2/servers/s1/setups': { status: 200, body: { data: setups } },
    'GET /api/v2/servers/s1/setups/minecraft-modded-fabric/preview': { status: 200, body: { data: modded } },
    'GET /api/v2/servers/s1/setups/minecraft-minigames-paper/preview': { status: 200, body: { data: minigames } },
    'POST /api/v2/servers/s1/setups/minecraft-modded-fabric/apply': {
      status: 202,
      body: {
        data: {
          job: 'j1',
          kind: 'setup',
          software: 'fabric',
          version: '1.21.4',
          step: 'queued',
          state: 'running',
          percent: 0,
          error: null,
          startedAt: '2025-01-01T00:00:00Z',
          finishedAt: null,
          backup: null,
        },
      },
    },
  });
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/setups" element={<SetupsPage />} />
    </Routes>,
    { route: '/server/s1/setups', preloadedState: loggedIn() },
  );

it('offers the setups that install mods and plugins, and previews the mods (with a dependency) before applying', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Preview Modded (Fabric + performance mods)' }));
  // Each setup is a card named after it, its description and button inside.
  const minigames = screen.getByRole('article', { name: 'Minigames (Paper + plugins)' });
  expect(within(minigames).getByText('Paper with a lobby and minigame plugins, adventure mode in the lobby.')).toBeInTheDocument();
  expect(within(minigames).getByRole('button', { name: 'Preview Minigames (Paper + plugins)' })).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'What Modded (Fabric + performance mods) changes' })).toBeInTheDocument();
  expect(screen.queryByText('Not available for this server')).not.toBeInTheDocument();
  expect(await screen.findByText('Installed into mods/ (each file hash-verified)')).toBeInTheDocument();
  expect(screen.getByText('Software: vanilla 1.21.4 → fabric 1.21.4')).toBeInTheDocument();
  // The config change, its old and new value side by side.
  expect(screen.getByText('difficulty')).toBeInTheDocument();
  expect(screen.getByText('easy')).toBeInTheDocument();
  expect(screen.getByText('normal')).toBeInTheDocument();
  expect(screen.getByText('krypton-0.2.8.jar')).toBeInTheDocument();
  expect(screen.getByText('0.114.0+1.21.4')).toBeInTheDocument();
  expect(screen.getByText('Needed by Krypton')).toBeInTheDocument();
  expect(screen.getByText('Already installed, left as they are: Lithium')).toBeInTheDocument();
  const apply = screen.getByRole('button', { name: 'Back up and apply' });
  expect(apply).toBeEnabled();
  fireEvent.click(apply);
  await waitFor(() => expect(api.requestsTo('POST /api/v2/servers/s1/setups/minecraft-modded-fabric/apply')).toHaveLength(1));
  expect(api.requestsTo('POST /api/v2/servers/s1/setups/minecraft-modded-fabric/apply')[0].body).toEqual({ reset_world: false });
});

it('says which extension cannot be resolved and does not let the setup be applied', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Preview Minigames (Paper + plugins)' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Some extensions cannot be installed now, so this setup cannot be applied:')).toBeInTheDocument();
  expect(within(alert).getByText('worldguard could not be resolved: Modrinth cannot be reached. Try again later.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back up and apply' })).toBeDisabled();
});
