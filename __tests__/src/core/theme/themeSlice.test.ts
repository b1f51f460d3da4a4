import { makeStore } from '../../../../src/app/store';
import { selectThemeName, themeChanged } from '../../../../src/core/theme/themeSlice';
import type { ThemeName } from '../../../../src/themes/themeNames';

describe('the theme slice', () => {
  it('starts with minecraftDefault', () => {
    expect(selectThemeName(makeStore().getState())).toBe('minecraftDefault');
  });

  it('changes to another of the nine themes', () => {
    const store = makeStore();
    store.dispatch(themeChanged('rustPremium'));
    expect(selectThemeName(store.getState())).toBe('rustPremium');
  });

  it('ignores a name that is not a theme', () => {
    const store = makeStore();
    store.dispatch(themeChanged('neonPink' as ThemeName));
    expect(selectThemeName(store.getState())).toBe('minecraftDefault');
  });
});
