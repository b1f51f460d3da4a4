import { render, screen } from '@testing-library/react';
import { ThemeScope, themes } from '../../../src/themes';

describe('ThemeScope', () => {
  it('exposes the theme variables as CSS variables on its content', () => {
    render(
      <ThemeScope name="rustPremium">
        <p>inside</p>
      </ThemeScope>,
    );
    const scope = screen.getByText('inside').parentElement as HTMLElement;
    expect(scope.dataset.panelTheme).toBe('rustPremium');
    expect(scope.style.getPropertyValue('--panel-primary')).toBe(themes.rustPremium.variables.primary);
    expect(scope.style.getPropertyValue('--panel-input-bg')).toBe(themes.rustPremium.variables.inputBackground);
    // Without `global` the page itself is left alone.
    expect(document.documentElement.style.getPropertyValue('--panel-primary')).toBe('');
  });

  it('with global, also themes the page (for portals) and paints the body, until it unmounts', () => {
    const { unmount } = render(
      <ThemeScope name="terrariaPremium" global>
        <p>inside</p>
      </ThemeScope>,
    );
    const root = document.documentElement;
    expect(root.dataset.panelTheme).toBe('terrariaPremium');
    expect(root.style.getPropertyValue('--panel-nav-image')).toBe(themes.terrariaPremium.variables.navigationImage);
    expect(document.body.style.backgroundColor).not.toBe('');
    unmount();
    expect(root.dataset.panelTheme).toBeUndefined();
    expect(root.style.getPropertyValue('--panel-primary')).toBe('');
  });
});
