import { createTransform, type PersistConfig } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { defaultThemeName, isThemeName } from '../themes/themeNames';
import type { ThemeState } from '../core/theme/themeSlice';

/** A stored theme that no longer exists (renamed, tampered with) falls back to the default. */
const validTheme = createTransform<ThemeState, ThemeState>(
  (inbound) => inbound,
  (outbound) => (isThemeName(outbound?.name) ? outbound : { name: defaultThemeName }),
  { whitelist: ['theme'] },
);

/**
 * What redux-persist keeps across visits: the user's preferences (the theme, action recording), in localStorage
 * under `persist:preferences`. The access token and the language are deliberately not here:
 * the specification fixes their own keys, `access_token` and `locale`.
 */
export function preferencesPersistConfig<S>(): PersistConfig<S> {
  return {
    key: 'preferences',
    version: 1,
    storage,
    // support: whether actions are recorded for "Report a problem".
    whitelist: ['theme', 'support'] as Extract<keyof S, string>[],
    transforms: [validTheme],
  };
}
