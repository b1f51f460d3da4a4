import { render, screen, waitFor } from '@testing-library/react';
import { firstFrameChooser } from '../../../../src/app/firstFrame/firstFrameChooser';
import { firstFrameDocument } from '../../../../src/app/firstFrame/firstFrameDocument';
import { useFirstFrameReplaced } from '../../../../src/app/firstFrame/useFirstFrameReplaced';
import { routeTable, type RouteAccess, type RouteLayout } from '../../../../src/app/router/routeTable';
import { themes } from '../../../../src/themes/themes';
import en from '../../../../server/translations/en.json';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

/** Runs index.html's chooser as the page would, at `path`, and gives the frame it chose ('' for none). */
function chooseAt(path: string): string {
  window.history.pushState({}, '', path);
  document.documentElement.removeAttribute('data-first-frame');
  document.documentElement.removeAttribute('data-first-frame-art');
  // The inline script exactly as index.html carries it.
  new Function(firstFrameChooser)();
  return document.documentElement.getAttribute('data-first-frame') ?? '';
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-first-frame');
  document.documentElement.removeAttribute('data-first-frame-art');
  document.getElementById('first-frame')?.remove();
  window.history.pushState({}, '', '/');
});

describe('the first frame index.html chooses before the panel starts', () => {
  it('is the guest frame on the log-in pages and on every login-required page of a visitor without a token', () => {
    expect(chooseAt('/login')).toBe('guest');
    expect(chooseAt('/sign-up/')).toBe('guest');
    expect(chooseAt('/Forgot-Password')).toBe('guest');
    expect(chooseAt('/')).toBe('guest');
    expect(chooseAt('/server/abc/files')).toBe('guest');
  });

  it('is the dashboard or server frame with a token, and none on the log-in pages (they redirect)', () => {
    window.localStorage.setItem('access_token', 'token');
    expect(chooseAt('/')).toBe('dashboard');
    expect(chooseAt('/account/edit')).toBe('dashboard');
    expect(chooseAt('/server/abc')).toBe('server');
    expect(chooseAt('/server/abc/console')).toBe('server');
    expect(chooseAt('/login')).toBe('');
  });

  it('adds the log-in pages’ art once the rest has been painted', async () => {
    window.localStorage.setItem('access_token', 'token');
    expect(chooseAt('/server/abc')).toBe('server');
    expect(document.documentElement.hasAttribute('data-first-frame-art')).toBe(false);
    await waitFor(() => expect(document.documentElement.hasAttribute('data-first-frame-art')).toBe(true));
  });

  it('draws nothing on pages it cannot foresee, in another language or another theme', () => {
    window.localStorage.setItem('access_token', 'token');
    expect(chooseAt('/support/replay')).toBe('');
    expect(chooseAt('/logout')).toBe('');
    expect(chooseAt('/no-such-page')).toBe('');
    window.localStorage.setItem('locale', 'de');
    expect(chooseAt('/')).toBe('');
    window.localStorage.setItem('locale', 'en');
    window.localStorage.setItem('persist:preferences', JSON.stringify({ theme: JSON.stringify({ name: 'rustPremium' }) }));
    expect(chooseAt('/')).toBe('');
    window.localStorage.setItem('persist:preferences', JSON.stringify({ theme: JSON.stringify({ name: 'minecraftDefault' }) }));
    expect(chooseAt('/')).toBe('dashboard');
    window.localStorage.setItem('persist:preferences', '{not json');
    expect(chooseAt('/')).toBe('');
  });

  it('agrees with the route table on every route’s layout', () => {
    const expected = (layout: RouteLayout, access: RouteAccess, token: boolean) => {
      if (token) return layout === 'dashboard' || layout === 'server' ? layout : '';
      // Without a token the log-in pages show, and the login-required pages send the visitor there.
      return access === 'guest' || (access === 'login' && layout !== 'blank') ? 'guest' : '';
    };
    for (const token of [false, true]) {
      if (token) window.localStorage.setItem('access_token', 'token');
      for (const route of routeTable) {
        const path = route.path.replace(':id', 'abc');
        expect({ path, token, frame: chooseAt(path) }).toEqual({ path, token, frame: expected(route.layout, route.access, token) });
      }
    }
  });
});

describe('the first frame’s document', () => {
  it('draws the default theme’s art and colours and the panel’s English name', () => {
    const { head, body } = firstFrameDocument();
    const theme = themes.minecraftDefault.variables;
    expect(head).toContain(`html[data-first-frame-art] .ff-guest{background-image:${theme.navigationImage}}`);
    expect(head).toContain(`html[data-first-frame=server] .ff-main{background-image:${theme.serverImage}}`);
    expect(head).toContain(`<script>${firstFrameChooser}</script>`);
    expect(body).toMatch(/^<div id="first-frame" aria-hidden="true">/);
    // Marked, for the panel server to write the host's brand name into as it serves the page.
    expect(body).toContain(`<span data-ff-brand-name>${en.app.name}</span>`);
    // Hidden until the chooser marks <html>: a page it does not foresee shows nothing of it.
    expect(head).toContain('#first-frame{display:none}');
  });
});

function Replacing() {
  useFirstFrameReplaced();
  return <p>page</p>;
}

/** Puts index.html's frame in the document, as the chooser leaves it. */
function drawFrame(kind: string) {
  document.body.insertAdjacentHTML('afterbegin', '<div id="first-frame" aria-hidden="true"></div>');
  document.documentElement.setAttribute('data-first-frame', kind);
  document.documentElement.setAttribute('data-first-frame-art', '');
}

describe('replacing the first frame', () => {
  it('keeps it under the page for the page’s first painted frames, then takes it away', async () => {
    drawFrame('guest');
    render(<Replacing />);
    expect(screen.getByText('page')).toBeInTheDocument();
    // Not in the commit that draws the page: the browser still has to time the frame's paint.
    expect(document.getElementById('first-frame')).not.toBeNull();
    await waitFor(() => expect(document.getElementById('first-frame')).toBeNull());
    expect(document.documentElement.hasAttribute('data-first-frame')).toBe(false);
    expect(document.documentElement.hasAttribute('data-first-frame-art')).toBe(false);
  });

  it('goes when the log-in page’s layout mounts', async () => {
    mockFetch();
    drawFrame('guest');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('first-frame')).toBeNull());
  });

  it('goes when the dashboard’s layout mounts', async () => {
    mockFetch();
    drawFrame('dashboard');
    renderApp('/', loggedIn(), { width: 1280 });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('first-frame')).toBeNull());
  });
});
