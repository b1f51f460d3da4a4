export { breakpoints, screenTokens } from './breakpoints';
export { cssVariableNames, themeCssVariables } from './cssVariables';
export { gameArt } from './gameArt';
export type { PanelTheme, ThemeVariables } from './PanelTheme';
export { ThemeScope, type ThemeScopeProps } from './ThemeScope';
export { themeForServer } from './themeForServer';
export { defaultThemeName, isThemeName, themeNames, type GameName, type PlanName, type ThemeName } from './themeNames';
export { themes } from './themes';
