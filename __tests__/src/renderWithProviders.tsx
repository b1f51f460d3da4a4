import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { AppThemeScope } from '../../src/core/theme/AppThemeScope';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import { initTestI18n } from './testI18n';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** State to start from (ignored when `store` is given). */
  preloadedState?: Partial<RootState>;
  /** The address the MemoryRouter starts at. */
  route?: string;
  /** An existing store, e.g. one a test prepared by dispatching actions. */
  store?: AppStore;
}

/**
 * Renders `ui` as the app would: a real store, a MemoryRouter at `route`, antd's ConfigProvider
 * with the theme and direction from the store (as the layouts give it), and i18next with the English dictionary.
 */
export function renderWithProviders(ui: ReactElement, { preloadedState, route = '/', store = makeStore(preloadedState), ...options }: RenderWithProvidersOptions = {}) {
  const i18n = initTestI18n();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store} i18n={i18n}>
        <AppThemeScope>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AppThemeScope>
      </AppProviders>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}
