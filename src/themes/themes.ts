import { createPanelTheme } from './createPanelTheme';
import { palettes } from './palettes';
import type { PanelTheme } from './PanelTheme';
import { themeNames, type ThemeName } from './themeNames';

/** The nine panel themes by name. */
export const themes = Object.fromEntries(
  themeNames.map((name) => [name, createPanelTheme(name, palettes[name])]),
) as Record<ThemeName, PanelTheme>;
