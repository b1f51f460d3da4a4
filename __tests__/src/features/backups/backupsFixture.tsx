import { Route, Routes } from 'react-router-dom';
import type { Backup } from '../../../../src/api/backups';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { BackupsPage } from '../../../../src/features/backups/BackupsPage';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type FetchMock, type MockRoute } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { installViewport } from '../../helpers/viewport';
import { renderWithProviders } from '../../renderWithProviders';

/** Every backup permission, and stopping and starting the server (offered by the restore). */
export const backupPermissions = ['backup.read', 'backup.create', 'backup.download', 'backup.lock', 'backup.restore', 'backup.delete', 'control.stop', 'control.start', 'websocket.connect'];

/** A backup as the list answers it. */
export function makeBackup(overrides: Partial<Backup> = {}): Backup {
  return {
    uuid: '3f2b8a10-0000-4000-8000-000000000001',
    name: 'Before the update',
    state: 'completed',
    bytes: 3 * 1024 * 1024,
    content_bytes: 5 * 1024 * 1024,
    files: 12,
    checksum: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    error: null,
    ignored: '',
    locked: false,
    storage: 'local',
    started_at: '2026-03-04T15:07:00.000Z',
    completed_at: '2026-03-04T15:08:00.000Z',
    ...overrides,
  };
}

/** The list answer: the backups and the plan's settings. */
export const listAnswer = (backups: Backup[], meta: { limit: number; rotate: boolean } = { limit: 2, rotate: false }) => ({ status: 200, body: { data: backups, meta } });

let socketServer: FakeConsoleServer | null = null;
let closeSockets: (() => void) | null = null;
let fetchMock: FetchMock | null = null;

/** Quick reconnects for the console socket, and everything a test opened closed after it. */
export function setUpBackupsPageTests(): void {
  beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 100, maxMs: 100 } } }));
  afterEach(async () => {
    closeSockets?.();
    closeSockets = null;
    fetchMock?.restore();
    fetchMock = null;
    await socketServer?.stop();
    socketServer = null;
  });
}

export interface RenderBackupsOptions {
  permissions?: string[];
  /** The power state the console socket announces. */
  state?: 'offline' | 'running';
  /** Answers besides the server and its socket ticket (the list at least). */
  routes: Record<string, MockRoute>;
  timeFormat?: 12 | 24;
}

/**
 * The backups page at /server/s1/backups with a real store, the API answered by `routes` and a
 * real console socket (FakeConsoleServer) for the live progress.
 */
export async function renderBackupsPage({ permissions = backupPermissions, state = 'offline', routes, timeFormat = 24 }: RenderBackupsOptions) {
  // A desktop window: the list is a table (a phone gets the same rows as cards).
  installViewport(1440);
  const socket = await FakeConsoleServer.start({ state });
  socketServer = socket;
  const mock = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state, permissions }) } },
    'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: socket.issueTicket('s1') }),
    ...routes,
  });
  fetchMock = mock;
  const view = renderWithProviders(
    <Routes>
      <Route path="/server/:id/backups" element={<BackupsPage />} />
    </Routes>,
    { route: '/server/s1/backups', preloadedState: loggedIn(makeUser({ time_format: timeFormat })) },
  );
  closeSockets = () => closeServerConnections(view.store.dispatch);
  return { ...view, fetchMock: mock, socket };
}
