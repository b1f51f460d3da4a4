import type { ThemeConfig } from 'antd';
import type { GameName, PlanName, ThemeName } from './themeNames';

/** The theme variables of the specification, as CSS values. */
export interface ThemeVariables {
  primary: string;
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
}

/** One of the nine panel themes: the antd configuration plus the spec's variables. */
export interface PanelTheme {
  name: ThemeName;
  game: GameName;
  plan: PlanName;
  antd: ThemeConfig;
  variables: ThemeVariables;
}
