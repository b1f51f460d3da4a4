import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageErrorBoundary } from '../../../../src/app/errors/PageErrorBoundary';
import { RELOADED_FOR_BUILD_KEY, isChunkLoadError, reloadIfNewBuild } from '../../../../src/app/errors/newBuild';
import { NavigationFrame } from '../../../../src/app/layouts/NavigationFrame';
import { installViewport } from '../../helpers/viewport';
import { renderWithProviders } from '../../renderWithProviders';

function chunkError(): Error {
  const error = new Error('Loading chunk 123 failed.\n(error: http://127.0.0.1/assets/files.js)');
  error.name = 'ChunkLoadError';
  return error;
}

const indexPage = (buildId: string) => (async () => new Response(`<!doctype html><html><head><meta name="build-id" content="${buildId}" /></head></html>`, { status: 200 })) as unknown as typeof fetch;
const offline = (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;

beforeEach(() => {
  window.sessionStorage.clear();
  document.head.innerHTML = '<meta name="build-id" content="build-a" />';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a page whose code fails to load', () => {
  it('shows the failure with Reload inside the layout, and the menu stays', async () => {
    installViewport(1600);
    const Broken = lazy(() => Promise.reject(chunkError()));
    renderWithProviders(
      <Routes>
        <Route
          element={
            <NavigationFrame
              navigation={() => (
                <nav aria-label="Main navigation">
                  <a href="/">Servers</a>
                </nav>
              )}
            />
          }
        >
          <Route path="/files" element={<Broken />} />
        </Route>
      </Routes>,
      { route: '/files' },
    );
    expect(await screen.findByRole('alert', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/You may be offline, or the panel was just updated/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('reloads when the user presses Reload', async () => {
    const reload = jest.fn();
    const Broken = lazy(() => Promise.reject(chunkError()));
    renderWithProviders(
      <PageErrorBoundary reload={reload} fetchImpl={indexPage('build-a')}>
        <Broken />
      </PageErrorBoundary>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the panel serves a new build, and only once for it', async () => {
    const reload = jest.fn();
    const Broken = lazy(() => Promise.reject(chunkError()));
    const first = renderWithProviders(
      <PageErrorBoundary reload={reload} fetchImpl={indexPage('build-b')}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(await screen.findByText('A new version of the panel is available. Loading it…')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOADED_FOR_BUILD_KEY)).toBe('build-b');
    first.unmount();

    // The reloaded page still misses the chunk: no second reload, the Reload button instead.
    const Again = lazy(() => Promise.reject(chunkError()));
    renderWithProviders(
      <PageErrorBoundary reload={reload} fetchImpl={indexPage('build-b')}>
        <Again />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('coming back online', () => {
  it('loads a page whose code could not be fetched again by itself on the browser’s online event', async () => {
    const reload = jest.fn();
    const Broken = lazy(() => Promise.reject(chunkError()));
    const { unmount } = renderWithProviders(
      <PageErrorBoundary reload={reload} fetchImpl={offline}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(await screen.findByText(/loads again by itself as soon as the connection is back/)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    // Once is enough: a second event while the reload is under way changes nothing.
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('leaves a page that crashed while running alone: being online again does not fix it', async () => {
    const reload = jest.fn();
    const Crashing = () => {
      throw new Error('Cannot read properties of undefined');
    };
    renderWithProviders(
      <PageErrorBoundary reload={reload} fetchImpl={offline}>
        <Crashing />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('reloadIfNewBuild', () => {
  it('reads the build id of the page as the build writes it: minified, its attributes unquoted', async () => {
    const reload = jest.fn();
    const minified = (async () =>
      new Response('<!doctype html><html lang=en><head><meta charset=utf-8><meta name=build-id content=build-c><title>Game Panel</title></head><body></body></html>', {
        status: 200,
      })) as unknown as typeof fetch;
    await expect(reloadIfNewBuild(minified, reload)).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for the same build or when the panel cannot be reached', async () => {
    const reload = jest.fn();
    await expect(reloadIfNewBuild(indexPage('build-a'), reload)).resolves.toBe(false);
    await expect(reloadIfNewBuild(offline, reload)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('recognises chunk load failures of webpack and of browsers', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
