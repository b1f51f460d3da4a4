import { theme as antdTheme, type ThemeConfig } from 'antd';
import { builtMapTokenTable, tableAlgorithm, type MapTokenTable } from './builtMapTokens';
import type { PanelTheme } from './PanelTheme';

const configs = new WeakMap<PanelTheme, ThemeConfig>();

/**
 * The antd configuration of a panel theme: its tokens with antd's dark algorithm and then the
 * theme's accessible shades, taken from the table the build worked out when there is one. The
 * same object for the same theme, so antd does not recompute its tokens on every render.
 */
export function antdThemeConfig(theme: PanelTheme, table: MapTokenTable | null = builtMapTokenTable): ThemeConfig {
  const cached = table === builtMapTokenTable ? configs.get(theme) : undefined;
  if (cached) return cached;
  const config = { ...theme.antd, algorithm: table ? tableAlgorithm(theme, table) : [antdTheme.darkAlgorithm, theme.accessibleAlgorithm] };
  if (table === builtMapTokenTable) configs.set(theme, config);
  return config;
}
