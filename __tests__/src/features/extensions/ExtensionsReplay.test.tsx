import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { ExtensionsPage } from '../../../../src/features/extensions/ExtensionsPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { LocationRecorder } from '../../../../src/features/support/LocationRecorder';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(240_000);
allowUpdatesOutsideAct();

const permissions = ['extensions.read', 'extensions.manage'];

const overview = {
  software: { software: 'paper', name: 'Paper', version: '1.21.4' },
  target: { software: 'paper', software_name: 'Paper', game_version: '1.21.4', kind: 'plugin', folder: 'plugins', loaders: ['paper', 'spigot', 'bukkit'] },
  providers: [
    { id: 'modrinth', name: 'Modrinth' },
    { id: 'hangar', name: 'Hangar' },
    { id: 'spiget', name: 'SpiGet' },
  ],
  installed: [
    {
      file: 'Chunky-Bukkit-1.4.28.jar',
      enabled: true,
      size: 812,
      sha512: 'a'.repeat(128),
      recognised: true,
      provider: 'modrinth',
      project_id: 'fALzjamp',
      name: 'Chunky',
      version_id: 'dPliWter',
      version_number: '1.4.28',
      icon_url: null,
      update: { version_id: 'RP8Fnl1J', version_number: '1.4.36' },
    },
    {
      file: 'notes.jar.disabled',
      enabled: false,
      size: 18,
      sha512: 'b'.repeat(128),
      recognised: false,
      provider: null,
      project_id: null,
      name: 'notes',
      version_id: null,
      version_number: null,
      icon_url: null,
      update: null,
    },
  ],
  catalogue_error: null,
};

const search = {
  provider: 'modrinth',
  page: 1,
  per_page: 10,
  total: 1,
  has_more: false,
  hits: [
    {
      provider: 'modrinth',
      project_id: 's86X568j',
      slug: 'chunkyborder',
      name: 'ChunkyBorder',
      description: 'Creates and manages world borders',
      author: 'pop4959',
      icon_url: null,
      downloads: 411930,
      page_url: null,
      external_url: null,
      installed: false,
    },
  ],
};

beforeEach(() => {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', permissions }) } },
    'GET /api/v2/servers/s1/extensions': { status: 200, body: { data: overview } },
    'GET /api/v2/servers/s1/extensions/search': { status: 200, body: { data: search } },
  });
});

it('the Extensions page is recorded and plays back in the support replay, without calling the API', async () => {
  const path = '/server/s1/extensions';
  const recorded = makeStore(loggedIn());
  recorded.dispatch(locationChanged(path));
  const view = renderWithProviders(
    <>
      <LocationRecorder />
      <Routes>
        <Route path="/server/:id/extensions" element={<ExtensionsPage />} />
      </Routes>
    </>,
    { route: path, store: recorded },
  );
  expect(await screen.findByText('This server runs Paper 1.21.4: plugins go into plugins/.')).toBeInTheDocument();
  expect(await screen.findByText('Update available: 1.4.36')).toBeInTheDocument();
  expect(await screen.findByText('ChunkyBorder')).toBeInTheDocument();
  const text = actionLogText(buildActionLog(readRecording(recorded.dispatch)!, recorded.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  view.unmount();

  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', path);
    expect(await within(replayed).findByText('This server runs Paper 1.21.4: plugins go into plugins/.')).toBeInTheDocument();
    expect(within(replayed).getByText('Update available: 1.4.36')).toBeInTheDocument();
    expect(within(replayed).getByText('Not in a catalogue')).toBeInTheDocument();
    expect(await within(replayed).findByText('ChunkyBorder')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});
