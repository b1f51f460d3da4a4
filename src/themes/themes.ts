import { createPanelTheme } from './createPanelTheme';
import { palettes } from './palettes';
import type { PanelTheme } from './PanelTheme';
import { themeNames, type ThemeName } from './themeNames';

/**
 * The nine panel themes by name. Each is worked out when first read: its accessible shades take
 * searches over colours, and a page shows one theme, so start-up on a slow phone pays for one,
 * not nine. The keys are enumerable like a plain record's.
 */
export const themes = {} as Record<ThemeName, PanelTheme>;
for (const name of themeNames) {
  let theme: PanelTheme | undefined;
  Object.defineProperty(themes, name, { enumerable: true, get: () => (theme ??= createPanelTheme(name, palettes[name])) });
}
