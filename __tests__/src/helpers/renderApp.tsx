import { configure, screen } from '@testing-library/react';
import { AppRouter } from '../../../src/app/router/AppRouter';
import type { RootState } from '../../../src/app/store';
import { renderWithProviders } from '../renderWithProviders';
import { LocationProbe } from './LocationProbe';
import { installViewport } from './viewport';

// Lazy pages built from antd render slowly in jsdom; allow them time before a query gives up.
configure({ asyncUtilTimeout: 8000 });

/**
 * Renders the whole app (router, guards, layouts, lazy pages) at `route` with a real store.
 * jsdom cannot scroll, so window.scrollTo is replaced by a spy the tests can inspect.
 */
export function renderApp(route: string, preloadedState?: Partial<RootState>, width = 1440) {
  installViewport(width);
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const result = renderWithProviders(
    <>
      <AppRouter />
      <LocationProbe />
    </>,
    { route, preloadedState },
  );
  return { ...result, scrollTo };
}

/** The path and query the router is at now. */
export function currentLocation(): string {
  return screen.getByRole('status', { name: 'Current location' }).textContent ?? '';
}
