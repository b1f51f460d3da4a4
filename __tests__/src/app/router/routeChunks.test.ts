import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminLayout, BlankLayout, DashboardLayout, ServerLayout } from '../../../../src/app/router/lazyPages';
import { guestLoginPreloader, LOGIN_REQUIRED_ATTRIBUTE, ROUTE_PRELOADS_FILE, routePreloadTable } from '../../../../src/app/router/routeChunkPreloader';
import { brandedIndexHtml } from '../../../../server/src/plugins/brandedIndexPage';
import * as serverPreloads from '../../../../server/src/plugins/routePreloads';
import { chunksOpenedAt } from '../../../../src/app/router/routeChunks';
import { routeTable, type RouteLayout } from '../../../../src/app/router/routeTable';
import { loadedWith } from '../../helpers/staticImports';

const layoutChunks: Record<RouteLayout, string[]> = {
  dashboard: [DashboardLayout.chunk ?? 'unnamed'],
  server: [ServerLayout.chunk ?? 'unnamed'],
  blank: [BlankLayout.chunk ?? 'unnamed'],
  admin: [AdminLayout.chunk ?? 'unnamed'],
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
    // One declaration per page, on one line or wrapped over several by the formatter.
    const pages = [...source.matchAll(/lazyPage\(\s*\(\) => import\([\s\S]*?\n?\);?$/gm)].map((match) => match[0].replace(/\s*\n\s*/g, ' '));
    expect(pages.length).toBeGreaterThan(30);
    for (const line of pages) {
      const [, comment, argument] = /webpackChunkName: "([^"]+)".*, '([^']+)',? ?\);$/.exec(line) ?? [];
      expect({ line, comment }).toEqual({ line, comment: argument ?? 'no name given' });
    }
  });
});

describe('the route preloads of index.html as the panel serves it', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.documentElement.removeAttribute(LOGIN_REQUIRED_ATTRIBUTE);
    window.localStorage.clear();
  });

  /**
   * The preloads of the page the panel's server serves for `address` (the build's table, the
   * server's tags), once the page's script has run with `token` stored, as the browser has them.
   */
  function preloadsAt(address: string, files: Record<string, string[]>, token: string | null): string[] {
    const served = brandedIndexHtml(
      `<!doctype html><html lang=en><head><script>${guestLoginPreloader(files)}</script></head><body></body></html>`,
      { brand_name: '', brand_logo_url: null, signup_open: true },
      serverPreloads.routePreloadsAt(routePreloadTable(files).routes, address),
    );
    const page = new DOMParser().parseFromString(served, 'text/html');
    document.documentElement.toggleAttribute(LOGIN_REQUIRED_ATTRIBUTE, page.documentElement.hasAttribute(LOGIN_REQUIRED_ATTRIBUTE));
    document.head.innerHTML = page.head.innerHTML;
    if (token) window.localStorage.setItem('access_token', token);
    else window.localStorage.clear();
    // The inline script, run as the browser runs it.
    new Function(guestLoginPreloader(files))();
    return [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => `${link.getAttribute('as')} ${link.getAttribute('href')}`);
  }

  it('are the files of the opened route’s chunks, each once, scripts and style sheets', () => {
    const files = {
      'layout-server': ['/assets/shared.js', '/assets/layout-server.js'],
      'page-console': ['/assets/shared.js', '/assets/page-console.js', '/assets/page-console.css'],
      'page-files': ['/assets/page-files.js'],
    };
    expect(preloadsAt('/server/ab12/console', files, 'token-1')).toEqual([
      'script /assets/shared.js',
      'script /assets/layout-server.js',
      'script /assets/page-console.js',
      'style /assets/page-console.css',
    ]);
  });

  it('are the chunks chunksOpenedAt names, for every route; without a token on a page for logged-in users, the log-in page’s too', () => {
    const names = [...new Set(routeTable.flatMap((route) => [...layoutChunks[route.layout], chunkOf(route.element)])), 'page-login'];
    const files = Object.fromEntries(names.map((name) => [name, [`/assets/${name}.js`]]));
    const scripts = (chunks: string[]) => chunks.map((name) => `script /assets/${name}.js`);
    for (const route of routeTable) {
      const address = route.path.replace(':id', 'AB12');
      const opened = chunksOpenedAt(address, true);
      const asGuest = chunksOpenedAt(address, false);
      expect({ address, preloads: preloadsAt(address, files, 'token-1') }).toEqual({ address, preloads: scripts(opened) });
      // The server cannot know whether the visitor is logged in: the page's own code goes too.
      const guestChunks = asGuest.join() === opened.join() ? opened : [...opened, ...asGuest];
      expect({ address, preloads: preloadsAt(address, files, null) }).toEqual({ address, preloads: scripts(guestChunks) });
    }
    expect(preloadsAt('/no/such/page', files, 'token-1')).toEqual([]);
    expect(preloadsAt('/Server/ab12/Console/', files, 'token-1')).toEqual(['script /assets/layout-server.js', 'script /assets/page-console.js']);
    expect(preloadsAt('/Server/ab12/Console/', files, null)).toEqual(['script /assets/layout-server.js', 'script /assets/page-console.js', 'script /assets/page-login.js']);
  });

  it('are named alike by the build and the server', () => {
    expect(serverPreloads.ROUTE_PRELOADS_FILE).toBe(ROUTE_PRELOADS_FILE);
    expect(serverPreloads.LOGIN_REQUIRED_ATTRIBUTE).toBe(LOGIN_REQUIRED_ATTRIBUTE);
  });
});

/*
 * The log-in page is what every visitor loads first: the start-up code (app/startPanel), the guest
 * layout and the page itself. What only comes later stays out of it, loaded when it is needed.
 */
const loginPath = [...loadedWith('src/app/startPanel.tsx', 'src/features/auth/LoginPage.tsx')];
const anyEndsWith = (suffix: string) => loginPath.some((name) => name.endsWith(suffix));

describe('the log-in page’s code', () => {
  it('draws its icons from their SVG data, without antd’s icon components and their style utilities', () => {
    expect(loginPath.filter((name) => name === '@ant-design/icons' || name.startsWith('@ant-design/icons/'))).toEqual([]);
    // The walk did reach the form's controls that show icons.
    expect(anyEndsWith('components/form/PasswordInput.tsx')).toBe(true);
    expect(anyEndsWith('components/form/PanelButton.tsx')).toBe(true);
  });

  it('does not carry the account page’s endpoints (the session listeners match them by name)', () => {
    expect(anyEndsWith('core/session/sessionListeners.ts')).toBe(true);
    expect(loginPath.filter((name) => name.endsWith('api/account.ts') || name.endsWith('generated/account.gen.ts'))).toEqual([]);
  });

  it('loads the two-factor step only for an account that needs it', () => {
    expect(anyEndsWith('features/auth/PasswordStep.tsx')).toBe(true);
    expect(loginPath.filter((name) => name.endsWith('TwoFactorStep.tsx') || name.endsWith('PasskeySecondFactorButton.tsx'))).toEqual([]);
  });
});

describe('the files page’s code', () => {
  it('does not load the code editor (CodeMirror) with the list: only opening a file does', () => {
    const modules = [...loadedWith('src/features/files/FilesPage.tsx')];
    expect(modules.filter((name) => name.startsWith('@codemirror/') || name.endsWith('CodeEditor.tsx') || name.endsWith('languageSupport.ts'))).toEqual([]);
    // The walk did reach the editor’s wrapper, which loads CodeMirror on demand.
    expect(modules.some((name) => name.endsWith('editor/FileEditor.tsx'))).toBe(true);
  });
});
