import type { PanelTheme, ThemeVariables } from './PanelTheme';

/** The CSS custom property that carries each theme variable. */
export const cssVariableNames: Record<keyof ThemeVariables, string> = {
  primary: '--panel-primary',
  primarySolid: '--panel-primary-solid',
  link: '--panel-link',
  focus: '--panel-focus',
  secondary: '--panel-secondary',
  background: '--panel-background',
  gameInput: '--panel-game-input',
  gradient: '--panel-gradient',
  cardGradient: '--panel-card-gradient',
  cardBorder: '--panel-card-border',
  cardShadow: '--panel-card-shadow',
  navigationImage: '--panel-nav-image',
  serverImage: '--panel-server-image',
  buttonSecondary: '--panel-button-secondary',
  inputBackground: '--panel-input-bg',
  inputText: '--panel-input-text',
  placeholder: '--panel-placeholder',
};

/** A theme's variables as `{ '--panel-primary': '#…', … }`, ready for a style attribute or `:root`. */
export function themeCssVariables(theme: PanelTheme): Record<string, string> {
  const entries = Object.entries(cssVariableNames) as [keyof ThemeVariables, string][];
  return Object.fromEntries(entries.map(([key, property]) => [property, theme.variables[key]]));
}
