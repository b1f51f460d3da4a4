import { theme as antdTheme } from 'antd';
import { svgUrl } from './art/svgUrl';
import { withAlpha } from './colour';
import { gameArt } from './gameArt';
import type { Palette } from './palettes';
import type { PanelTheme, ThemeVariables } from './PanelTheme';
import { screenTokens } from './breakpoints';
import type { ThemeName } from './themeNames';

/** The system font stack antd uses, set explicitly so plain elements (the body) can share it. */
export const panelFontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/** Tags are 32 px high: line box (fontSizeSM × lineHeightSM = 30 px) plus a 1 px border on each side. */
const tagFontSize = 12;
const tagLineHeight = 30 / tagFontSize;

/** Derives the spec's theme variables from a palette. */
function themeVariables(p: Palette): ThemeVariables {
  const art = svgUrl(gameArt[p.game]);
  return {
    primary: p.primary,
    secondary: p.secondary,
    background: p.background,
    gameInput: withAlpha(p.primary, 0.12),
    gradient: `linear-gradient(135deg, ${p.primary} 0%, ${p.primaryDeep} 100%)`,
    cardGradient: `linear-gradient(160deg, ${withAlpha(p.primary, 0.14)} 0%, ${withAlpha(p.surface, 0.94)} 60%)`,
    cardBorder: withAlpha(p.primary, 0.28),
    cardShadow: `0 8px 24px ${withAlpha(p.background, 0.6)}, 0 0 0 1px ${withAlpha(p.primary, 0.08)}`,
    // The art sits under a dark veil so text on top keeps its contrast.
    navigationImage: `linear-gradient(180deg, ${withAlpha(p.background, 0.72)} 0%, ${withAlpha(p.background, 0.94)} 100%), ${art}`,
    serverImage: `linear-gradient(180deg, ${withAlpha(p.background, 0.55)} 0%, ${p.background} 85%), ${art}`,
    buttonSecondary: withAlpha(p.secondary, 0.22),
    inputBackground: p.surface,
    inputText: p.inputText,
  };
}

/** Builds one dark antd theme plus its CSS variables from a palette. */
export function createPanelTheme(name: ThemeName, p: Palette): PanelTheme {
  const variables = themeVariables(p);
  const inputTokens = {
    colorBgContainer: variables.inputBackground,
    activeBg: variables.inputBackground,
    hoverBg: variables.inputBackground,
    colorText: variables.inputText,
  };
  return {
    name,
    game: p.game,
    plan: p.plan,
    variables,
    antd: {
      algorithm: antdTheme.darkAlgorithm,
      token: {
        colorPrimary: p.primary,
        colorInfo: p.primary,
        colorLink: p.primary,
        colorBgLayout: p.background,
        colorBgContainer: p.surface,
        colorBgElevated: p.surface,
        borderRadius: 8,
        fontFamily: panelFontFamily,
        ...screenTokens,
      },
      components: {
        // The dark algorithm leaves the page itself unpainted; Layout paints it with the theme's background.
        Layout: { bodyBg: p.background, headerBg: p.surface, siderBg: p.surface, footerBg: p.background },
        Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent' },
        Input: inputTokens,
        InputNumber: inputTokens,
        Select: { selectorBg: variables.inputBackground, colorText: variables.inputText },
        Tag: { fontSizeSM: tagFontSize, lineHeightSM: tagLineHeight },
        Card: { colorBgContainer: p.surface, colorBorderSecondary: variables.cardBorder },
      },
    },
  };
}
