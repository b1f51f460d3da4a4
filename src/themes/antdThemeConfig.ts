import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { PanelTheme } from './PanelTheme';

const configs = new WeakMap<PanelTheme, ThemeConfig>();

/**
 * The antd configuration of a panel theme: its tokens with antd's dark algorithm and then the
 * theme's accessible shades. The same object for the same theme, so antd does not recompute its
 * tokens on every render.
 */
export function antdThemeConfig(theme: PanelTheme): ThemeConfig {
  let config = configs.get(theme);
  if (!config) {
    config = { ...theme.antd, algorithm: [antdTheme.darkAlgorithm, theme.accessibleAlgorithm] };
    configs.set(theme, config);
  }
  return config;
}
