import { act, render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { persistStore } from 'redux-persist';
import { AppProviders } from '../../../src/app/AppProviders';
import { AppThemeScope } from '../../../src/core/theme/AppThemeScope';
import { makeStore } from '../../../src/app/store';
import { themeChanged } from '../../../src/core/theme/themeSlice';
import { renderWithProviders } from '../renderWithProviders';
import { initTestI18n } from '../testI18n';

afterEach(() => localStorage.clear());

function Probe() {
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const { t } = useTranslation();
  return (
    <>
      <p>direction: {direction ?? 'ltr'}</p>
      <Button>{t('common.save', 'Save')}</Button>
    </>
  );
}

const rtlLocale = { code: 'ar', languages: [{ code: 'ar', showInSelect: true }], direction: 'rtl' as const };

describe('AppThemeScope', () => {
  it('gives antd the direction of the locale', () => {
    renderWithProviders(<Probe />, { preloadedState: { locale: rtlLocale } });
    expect(screen.getByText('direction: rtl')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveClass('ant-btn-rtl');
  });

  it('is left to right for other languages', () => {
    renderWithProviders(<Probe />);
    expect(screen.getByText('direction: ltr')).toBeInTheDocument();
    expect(screen.getByRole('button')).not.toHaveClass('ant-btn-rtl');
  });

  it('shows the theme it is given, else the user’s', () => {
    const { container } = renderWithProviders(
      <AppThemeScope name="arkPremium">
        <Probe />
      </AppThemeScope>,
    );
    const scopes = container.querySelectorAll('[data-panel-theme]');
    expect(scopes[scopes.length - 1]).toHaveAttribute('data-panel-theme', 'arkPremium');
    expect(scopes[0]).toHaveAttribute('data-panel-theme', 'minecraftDefault');
  });
});

describe('AppProviders', () => {
  it('leaves antd to the parts that use it: no direction is set around the app', () => {
    const store = makeStore({ locale: rtlLocale });
    render(
      <AppProviders store={store} i18n={initTestI18n()}>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText('direction: ltr')).toBeInTheDocument();
  });

  it('applies the theme of the theme slice and follows its changes', () => {
    const { container, store } = renderWithProviders(<Probe />);
    expect(container.querySelector('[data-panel-theme]')).toHaveAttribute('data-panel-theme', 'minecraftDefault');
    act(() => {
      store.dispatch(themeChanged('rustPremium'));
    });
    expect(container.querySelector('[data-panel-theme]')).toHaveAttribute('data-panel-theme', 'rustPremium');
  });

  it('waits for the stored preferences before rendering', async () => {
    localStorage.setItem('persist:preferences', JSON.stringify({ theme: JSON.stringify({ name: 'arkPremium' }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
    const store = makeStore();
    const persistor = persistStore(store);
    const { container } = render(
      <AppProviders store={store} persistor={persistor} i18n={initTestI18n()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByRole('button')).toBeInTheDocument();
    expect(container.querySelector('[data-panel-theme]')).toHaveAttribute('data-panel-theme', 'arkPremium');
  });
});
