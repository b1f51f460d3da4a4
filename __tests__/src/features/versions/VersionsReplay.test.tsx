import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { SetupsPage } from '../../../../src/features/setups/SetupsPage';
import { VersionsPage } from '../../../../src/features/versions/VersionsPage';
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

const permissions = ['versions.read', 'versions.update', 'setups.read', 'setups.apply'];

const overview = {
  current: { software: 'flying-squid', name: 'flying-squid (embedded)', version: '1.21.4', build: null },
  software: [
    { id: 'flying-squid', name: 'flying-squid (embedded)', kind: 'server', switchable: true },
    { id: 'paper', name: 'Paper', kind: 'server', switchable: false },
  ],
  java_major: null,
  job: null,
};

const versions = {
  software: 'flying-squid',
  versions: [
    { id: '1.21.4', type: 'release', minecraft: '1.21.4', java_major: null, released_at: null, current: true, downgrade: false, java_warning: false },
    { id: '1.21.1', type: 'release', minecraft: '1.21.1', java_major: null, released_at: null, current: false, downgrade: true, java_warning: false },
  ],
  total: 2,
  stale_since: null,
};

const setups = [
  { id: 'creative-build', name: 'Creative build server', description: 'Creative mode, flat world, no monsters.', extensions: [], available: true, suggests_new_world: true, unavailable_reason: null },
];
const preview = {
  setup: 'creative-build',
  name: 'Creative build server',
  software: null,
  config: [{ file: 'server.properties', key: 'gamemode', old: 'survival', new: 'creative' }],
  files: [],
  extensions: [],
  extensions_folder: null,
  extensions_installed: [],
  unresolved: [],
  suggests_new_world: true,
};

/** Renders `element` at `path` on a recording store, then answers the action log it recorded. */
async function record(path: string, pattern: string, element: ReactElement, check: () => Promise<void>): Promise<string> {
  const recorded = makeStore(loggedIn());
  recorded.dispatch(locationChanged(path));
  const view = renderWithProviders(
    <>
      {/* As in the app: every address change (here the opened preview) goes into the log. */}
      <LocationRecorder />
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </>,
    { route: path, store: recorded },
  );
  await check();
  const text = actionLogText(buildActionLog(readRecording(recorded.dispatch)!, recorded.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  view.unmount();
  return text;
}

/** Opens the log in the support replay with the network cut off, and hands the screen to `check`. */
async function replay(text: string, path: string, check: (screen: HTMLElement) => Promise<void>): Promise<void> {
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', path);
    await check(replayed);
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
}

beforeEach(() => {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', permissions }) } },
    'GET /api/v2/servers/s1/versions': { status: 200, body: { data: overview } },
    'GET /api/v2/servers/s1/versions/software/flying-squid': { status: 200, body: { data: versions } },
    'GET /api/v2/servers/s1/versions/job': { status: 200, body: { data: null } },
    'GET /api/v2/servers/s1/setups': { status: 200, body: { data: setups } },
    'GET /api/v2/servers/s1/setups/creative-build/preview': { status: 200, body: { data: preview } },
  });
});

it('the Versions page is recorded and plays back in the support replay, without calling the API', async () => {
  const text = await record('/server/s1/minecraft/versions', '/server/:id/minecraft/versions', <VersionsPage />, async () => {
    expect(await screen.findByText('This server runs flying-squid (embedded) 1.21.4.')).toBeInTheDocument();
    expect(await screen.findByText('Older: worlds may not load')).toBeInTheDocument();
  });
  await replay(text, '/server/s1/minecraft/versions', async (replayed) => {
    expect(await within(replayed).findByText('This server runs flying-squid (embedded) 1.21.4.')).toBeInTheDocument();
    expect(within(replayed).getByText('1.21.1')).toBeInTheDocument();
    expect(within(replayed).getByText('Older: worlds may not load')).toBeInTheDocument();
  });
});

it('the Setups page with an opened preview is recorded and plays back, without calling the API', async () => {
  const text = await record('/server/s1/setups', '/server/:id/setups', <SetupsPage />, async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Creative build server' }));
    expect(await screen.findByText('creative')).toBeInTheDocument();
  });
  await replay(text, '/server/s1/setups?preview=creative-build', async (replayed) => {
    expect(await within(replayed).findByText('Creative build server')).toBeInTheDocument();
    expect(within(replayed).getByText('Creative mode, flat world, no monsters.')).toBeInTheDocument();
    // The preview the customer opened is part of what support sees.
    expect(await within(replayed).findByText('What Creative build server changes')).toBeInTheDocument();
    expect(within(replayed).getByText('creative')).toBeInTheDocument();
  });
});
