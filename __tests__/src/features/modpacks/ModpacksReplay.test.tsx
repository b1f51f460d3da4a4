import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { ModpacksPage } from '../../../../src/features/modpacks/ModpacksPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);
allowUpdatesOutsideAct();

const overview = {
  installed: {
    source: 'modrinth',
    project_id: '1KVo5zza',
    version_id: 'yZ4W7Uk8',
    name: 'Fabulously Optimized',
    version_number: '6.4.0',
    minecraft: '1.21.4',
    loader: 'fabric',
    loader_version: '0.16.10',
    icon_url: null,
    files: 2,
    installed_at: '2026-11-24T12:00:00.000Z',
  },
  update: { version_id: 'Tg1pXl3N', version_number: '6.5.0', name: 'Fabulously Optimized 6.5.0', published_at: '2025-03-25T11:40:03.000Z' },
  supported: true,
  job: null,
};
const search = {
  sources: [
    { id: 'modrinth', name: 'Modrinth', available: true, reason: null },
    { id: 'curseforge', name: 'CurseForge', available: false, reason: 'CurseForge needs an API key.' },
  ],
  total: 1,
  offset: 0,
  hits: [
    {
      id: '1KVo5zza',
      slug: 'fabulously-optimized',
      title: 'Fabulously Optimized',
      description: 'Improve your graphics and performance with this simple modpack.',
      author: 'robotkoer',
      icon_url: null,
      downloads: 9874003,
      categories: ['optimization'],
      game_versions: ['1.20.4', '1.21.1', '1.21.4'],
      latest_version: 'Tg1pXl3N',
      server_side: 'optional',
      updated_at: null,
    },
  ],
};

it('the Modpacks page is recorded and plays back in the support replay, without calling the API', async () => {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['modpacks.read', 'modpacks.install'] }) } },
    'GET /api/v2/servers/s1/modpacks': { status: 200, body: { data: overview } },
    'GET /api/v2/servers/s1/modpacks/search': { status: 200, body: { data: search } },
  });
  const store = makeStore(loggedIn());
  store.dispatch(locationChanged('/server/s1/modpacks'));
  const customer = renderWithProviders(
    <Routes>
      <Route path="/server/:id/modpacks" element={<ModpacksPage />} />
    </Routes>,
    { route: '/server/s1/modpacks', store },
  );
  expect(await screen.findByText('Version 6.5.0 is available.')).toBeInTheDocument();
  expect(screen.getByText('6.4.0')).toBeInTheDocument();
  expect(await screen.findByText('Improve your graphics and performance with this simple modpack.')).toBeInTheDocument();
  expect(screen.getByText('CurseForge: not available here.')).toBeInTheDocument();
  const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  customer.unmount();

  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', '/server/s1/modpacks');
    expect(await within(replayed).findByText('Version 6.5.0 is available.')).toBeInTheDocument();
    expect(within(replayed).getByText('fabric 0.16.10')).toBeInTheDocument();
    expect(await within(replayed).findByText('Improve your graphics and performance with this simple modpack.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});
