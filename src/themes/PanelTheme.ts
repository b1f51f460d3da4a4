import type { MappingAlgorithm, ThemeConfig } from 'antd';
import type { GameName, PlanName, ThemeName } from './themeNames';

/** The theme variables of the specification, as CSS values. */
export interface ThemeVariables {
  primary: string;
  /** The primary shade behind white text (buttons): at least 4.5:1. */
  primarySolid: string;
  /** The primary shade for text on the theme's surfaces (links, selected entries): at least 4.5:1. */
  link: string;
  /** The focus indicator's colour: at least 3:1 against every surface. */
  focus: string;
  secondary: string;
  background: string;
  gameInput: string;
  gradient: string;
  cardGradient: string;
  cardBorder: string;
  cardShadow: string;
  /** CSS `background-image` value for the navigation. */
  navigationImage: string;
  /** CSS `background-image` value for a server's pages. */
  serverImage: string;
  buttonSecondary: string;
  inputBackground: string;
  inputText: string;
  /** Placeholder text in inputs: at least 4.5:1 on the input background. */
  placeholder: string;
}

/** One of the nine panel themes: the antd configuration plus the spec's variables. */
export interface PanelTheme {
  name: ThemeName;
  game: GameName;
  plan: PlanName;
  /**
   * antd's tokens and component tokens, without the algorithms: antd's dark algorithm comes from
   * antd itself, so {@link antdThemeConfig} adds it (with `accessibleAlgorithm` after it) where antd
   * is loaded anyway. Pass `antdThemeConfig(theme)` to antd, never this alone.
   */
  antd: Omit<ThemeConfig, 'algorithm'>;
  /** Runs after antd's dark algorithm: sets the colours that carry text to their accessible shades. */
  accessibleAlgorithm: MappingAlgorithm;
  variables: ThemeVariables;
}
