import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { configure, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppRouter } from '../../../src/app/router/AppRouter';
import type { RootState } from '../../../src/app/store';
import { renderWithProviders } from '../renderWithProviders';
import { LocationProbe } from './LocationProbe';
import { installViewport } from './viewport';

// Lazy pages built from antd render slowly in jsdom; allow them time before a query gives up.
configure({ asyncUtilTimeout: 8000 });

export interface RenderAppOptions {
  /** Window width in px (matchMedia answers for it). */
  width?: number;
  /**
   * Put antd's generated CSS into the page. Off by default: jsdom's getComputedStyle, which role
   * queries call for every element and its ancestors, matches every CSS rule each time, and antd
   * brings thousands; tests about what CSS hides (a closed drawer) turn it on.
   */
  antdStyles?: boolean;
}

/**
 * Renders the whole app (router, guards, layouts, lazy pages) at `route` with a real store.
 * jsdom cannot scroll, so window.scrollTo is replaced by a spy the tests can inspect.
 */
export function renderApp(route: string, preloadedState?: Partial<RootState>, { width = 1440, antdStyles = false }: RenderAppOptions = {}) {
  installViewport(width);
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const app = (
    <>
      <AppRouter />
      <LocationProbe />
    </>
  );
  const ui: ReactNode = antdStyles ? (
    app
  ) : (
    // "server" mode collects the styles in a cache instead of writing them into the document.
    <StyleProvider mock="server" cache={createCache()}>
      {app}
    </StyleProvider>
  );
  const result = renderWithProviders(<>{ui}</>, { route, preloadedState });
  return { ...result, scrollTo };
}

/** The path and query the router is at now. */
export function currentLocation(): string {
  return screen.getByRole('status', { name: 'Current location' }).textContent ?? '';
}
