import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { Route, Routes } from 'react-router-dom';
import type { Server } from '../../../../src/api/servers';
import type { AppStore } from '../../../../src/app/store';
import { FilesPage } from '../../../../src/features/files/FilesPage';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { LocationProbe } from '../../helpers/LocationProbe';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { ALL_FILE_PERMISSIONS } from './filesFixture';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { installViewport } from '../../helpers/viewport';

/** The server s1 as its owner sees it, holding every file permission unless told otherwise. */
export function filesServer(overrides: Partial<Server> = {}): Server {
  return makeServer({ permissions: ALL_FILE_PERMISSIONS, ...overrides });
}

/**
 * Renders the files page of server s1 at `route` with a real store and router, the network
 * answering from `routes` (the server itself and its resources are answered unless given).
 * `store` stands for an app that already holds some data (as when the page is opened from another).
 */
export function renderFilesPage(route: string, routes: Record<string, MockRoute>, server: Server = filesServer(), width = 1440, user = makeUser(), store?: AppStore) {
  const network = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: server } },
    'GET /api/v2/servers/s1/resources': { status: 404, body: { message: 'Not found.' } },
    ...routes,
  });
  // A desktop window unless told otherwise: below lg the list becomes cards.
  installViewport(width);
  const view = renderWithProviders(
    // antd's CSS is collected aside: jsdom would match thousands of rules on every role query.
    <StyleProvider mock="server" cache={createCache()}>
      <Routes>
        <Route path="/server/:id/files" element={<FilesPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </StyleProvider>,
    { route, ...(store ? { store } : { preloadedState: loggedIn(user) }) },
  );
  return { ...view, network };
}
