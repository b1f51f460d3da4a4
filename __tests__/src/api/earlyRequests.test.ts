import { serversApi } from '../../../src/api/servers';
import { earlyRequestPaths, forgetEarlyRequests, startEarlyRequests } from '../../../src/api/earlyRequests';
import { preloadData } from '../../../src/app/router/preloadData';
import { makeStore } from '../../../src/app/store';
import { mockFetch } from '../helpers/mockFetch';
import { makeServer, makeStats } from '../helpers/serverFixture';

const at = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

afterEach(() => {
  forgetEarlyRequests();
  window.localStorage.clear();
});

describe('the requests the entry sends before the panel’s code runs', () => {
  it('are the opened page’s first requests', () => {
    expect(earlyRequestPaths(at('/'))).toEqual(['/auth/current', '/servers/']);
    expect(earlyRequestPaths(at('/account/edit'))).toEqual(['/auth/current']);
    // The overview and the console follow the server over its socket: its ticket goes early too.
    expect(earlyRequestPaths(at('/server/ab12/console'))).toEqual(['/auth/current', '/servers/ab12', '/servers/ab12/websocket']);
    // The overview shows the API's figures until the socket's first sample.
    expect(earlyRequestPaths(at('/server/ab12'))).toEqual(['/auth/current', '/servers/ab12', '/servers/ab12/websocket', '/servers/ab12/resources']);
    expect(earlyRequestPaths(at('/server/ab12/config'))).toEqual(['/auth/current', '/servers/ab12']);
    expect(earlyRequestPaths(at('/server/ab12/files?directory=%2Fplugins'))).toEqual(['/auth/current', '/servers/ab12', '/servers/ab12/files/list?directory=%2Fplugins']);
    expect(earlyRequestPaths(at('/server/ab12/files'))).toEqual(['/auth/current', '/servers/ab12', '/servers/ab12/files/list?directory=%2F']);
    // A file in the editor or a search lists nothing first.
    expect(earlyRequestPaths(at('/server/ab12/files?file=%2Fserver.properties'))).toEqual(['/auth/current', '/servers/ab12']);
    expect(earlyRequestPaths(at('/server/ab12/files?search=log'))).toEqual(['/auth/current', '/servers/ab12']);
  });

  it('are exactly the requests the panel makes at start-up, which take their answers without asking again', async () => {
    for (const address of ['/', '/server/ab12', '/server/ab12/files?directory=%2Fworld', '/account/edit']) {
      window.localStorage.setItem('access_token', 'token-1');
      const network = mockFetch({
        'GET /api/v2/auth/current': { status: 200, body: { data: { id: 1, username: 'early' } } },
        'GET /api/v2/servers/': { status: 200, body: { data: [] } },
        'GET /api/v2/servers/ab12': { status: 200, body: { data: makeServer({ identifier: 'ab12' }) } },
        'GET /api/v2/servers/ab12/files/list': { status: 200, body: { data: [] } },
        'GET /api/v2/servers/ab12/resources': { status: 200, body: { data: makeStats() } },
      });
      startEarlyRequests(at(address));
      const early = network.requests.map((request) => request.url);
      expect(early.length).toBeGreaterThan(0);

      const store = makeStore();
      preloadData(store.dispatch, at(address), true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Nothing more left for the network: every start-up request took the answer on its way.
      expect({ address, requests: network.requests.map((request) => request.url) }).toEqual({ address, requests: early });
      network.restore();
      forgetEarlyRequests();
    }
  });

  it('gives the socket ticket to the socket’s own request for it', async () => {
    window.localStorage.setItem('access_token', 'token-1');
    const network = mockFetch({ 'GET /api/v2/servers/ab12/websocket': { status: 200, body: { data: { token: 'ticket-1', socket: 'ws://panel.test/socket' } } } });
    startEarlyRequests(at('/server/ab12/console'));
    expect(network.requestsTo('GET /api/v2/servers/ab12/websocket')).toHaveLength(1);
    // As the socket registry asks for it: always fresh from the cache's point of view.
    const ticket = await makeStore().dispatch(serversApi.endpoints.getServerWebsocket.initiate({ id: 'ab12' }, { subscribe: false, forceRefetch: true }));
    expect(ticket.data?.data.token).toBe('ticket-1');
    expect(network.requestsTo('GET /api/v2/servers/ab12/websocket')).toHaveLength(1);
    network.restore();
  });

  it('gives each answer once, only to a request with the same token', async () => {
    window.localStorage.setItem('access_token', 'token-1');
    const network = mockFetch({ 'GET /api/v2/servers/ab12': { status: 200, body: { data: makeServer({ identifier: 'ab12', name: 'Early' }) } } });
    startEarlyRequests(at('/server/ab12'));
    expect(network.requestsTo('GET /api/v2/servers/ab12')).toHaveLength(1);
    expect(network.requestsTo('GET /api/v2/servers/ab12')[0]?.headers.get('Authorization')).toBe('Bearer token-1');

    // Another user logged in meanwhile: their request goes to the network.
    window.localStorage.setItem('access_token', 'token-2');
    const store = makeStore();
    await store.dispatch(serversApi.endpoints.getServer.initiate({ id: 'ab12' }, { subscribe: false }));
    expect(network.requestsTo('GET /api/v2/servers/ab12')).toHaveLength(2);

    window.localStorage.setItem('access_token', 'token-1');
    const first = await makeStore().dispatch(serversApi.endpoints.getServer.initiate({ id: 'ab12' }, { subscribe: false }));
    expect(first.data?.data.name).toBe('Early');
    expect(network.requestsTo('GET /api/v2/servers/ab12')).toHaveLength(2);
    // Taken once: the next request asks the network.
    await makeStore().dispatch(serversApi.endpoints.getServer.initiate({ id: 'ab12' }, { subscribe: false }));
    expect(network.requestsTo('GET /api/v2/servers/ab12')).toHaveLength(3);
    network.restore();
  });

  it('sends nothing without a stored token, and a failed early request leaves the panel’s own', async () => {
    let network = mockFetch();
    startEarlyRequests(at('/server/ab12'));
    expect(network.requests).toHaveLength(0);
    network.restore();

    window.localStorage.setItem('access_token', 'token-1');
    let calls = 0;
    network = mockFetch(() => {
      calls += 1;
      // Both early requests (the current user, the server) are lost.
      if (calls <= 2) return Promise.reject(new TypeError('Failed to fetch'));
      return new Response(JSON.stringify({ data: makeServer({ identifier: 'ab12', name: 'Second' }) }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    startEarlyRequests({ pathname: '/server/ab12/config', search: '' });
    const result = await makeStore().dispatch(serversApi.endpoints.getServer.initiate({ id: 'ab12' }, { subscribe: false }));
    expect(result.data?.data.name).toBe('Second');
    expect(calls).toBe(3);
    network.restore();
  });
});
