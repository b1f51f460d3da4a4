import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlankLayout, DashboardLayout, ServerLayout } from '../../../../src/app/router/lazyPages';
import { preloadRouteChunks, ROUTE_CHUNKS_ELEMENT_ID } from '../../../../src/app/router/preloadRouteChunks';
import { chunksOpenedAt } from '../../../../src/app/router/routeChunks';
import { routeTable, type RouteLayout } from '../../../../src/app/router/routeTable';

const layoutChunks: Record<RouteLayout, string[]> = {
  dashboard: [DashboardLayout.chunk ?? 'unnamed'],
  server: [ServerLayout.chunk ?? 'unnamed'],
  blank: [BlankLayout.chunk ?? 'unnamed'],
  // In the start-up code.
  guest: [],
};

const chunkOf = (element: { type: unknown }) => (element.type as { chunk?: string }).chunk ?? 'unnamed';

describe('the chunks the entry preloads for the opened address', () => {
  it('are, for every route of the route table, its layout’s and its page’s', () => {
    for (const route of routeTable) {
      const address = route.path.replace(':id', 'ab12');
      expect({ address, chunks: chunksOpenedAt(address, true) }).toEqual({ address, chunks: [...layoutChunks[route.layout], chunkOf(route.element)] });
    }
  });

  it('are the log-in page’s for a visitor without a token on a page for logged-in users', () => {
    expect(chunksOpenedAt('/server/ab12/console', false)).toEqual(['page-login']);
    expect(chunksOpenedAt('/', false)).toEqual(['page-login']);
    expect(chunksOpenedAt('/sign-up', false)).toEqual(['page-sign-up']);
  });

  it('match as the router does: any case, a trailing slash, nothing for unknown addresses', () => {
    expect(chunksOpenedAt('/Server/AB12/Console/', true)).toEqual(['layout-server', 'page-console']);
    expect(chunksOpenedAt('/server/ab12/minecraft/versions', true)).toEqual(['layout-server', 'page-versions']);
    expect(chunksOpenedAt('/no/such/page', true)).toEqual([]);
    expect(chunksOpenedAt('/server/ab12/console/extra', true)).toEqual([]);
  });

  it('are named in lazyPages.ts as webpack names them: each magic comment is the name lazyPage is given', () => {
    const source = readFileSync(join(__dirname, '../../../../src/app/router/lazyPages.ts'), 'utf8');
    const pages = source.split('\n').filter((line) => line.includes('lazyPage(() => import('));
    expect(pages.length).toBeGreaterThan(30);
    for (const line of pages) {
      const [, comment, argument] = /webpackChunkName: "([^"]+)".*, '([^']+)'\);$/.exec(line) ?? [];
      expect({ line, comment }).toEqual({ line, comment: argument ?? 'no name given' });
    }
  });
});

describe('preloadRouteChunks', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads the files index.html lists for the opened route’s chunks, each once', () => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = ROUTE_CHUNKS_ELEMENT_ID;
    list.textContent = JSON.stringify({
      'layout-server': ['/assets/shared.js', '/assets/layout-server.js'],
      'page-console': ['/assets/shared.js', '/assets/page-console.js', '/assets/page-console.css'],
      'page-files': ['/assets/page-files.js'],
    });
    document.head.appendChild(list);

    preloadRouteChunks({ pathname: '/server/ab12/console' }, true);
    const links = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => `${link.getAttribute('as')} ${link.getAttribute('href')}`);
    expect(links).toEqual(['script /assets/shared.js', 'script /assets/layout-server.js', 'script /assets/page-console.js', 'style /assets/page-console.css']);
  });

  it('preloads nothing when index.html has no list (a development build) or an unreadable one', () => {
    preloadRouteChunks({ pathname: '/login' }, false);
    document.head.innerHTML = `<script type="application/json" id="${ROUTE_CHUNKS_ELEMENT_ID}">{not json</script>`;
    preloadRouteChunks({ pathname: '/login' }, false);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
