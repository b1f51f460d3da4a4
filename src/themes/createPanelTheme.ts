import type { MappingAlgorithm } from 'antd';
import { svgUrl } from './art/svgUrl';
import { withAlpha } from './colour';
import { AA_TEXT, mix, over, shadeReaching, shadeReachingAll, toHex } from './contrast';
import { gameArt } from './gameArt';
import type { Palette } from './palettes';
import type { PanelTheme, ThemeVariables } from './PanelTheme';
import { screenTokens } from './breakpoints';
import type { ThemeName } from './themeNames';
import { panelFontFamily } from './panelFontFamily';

/** Tags are 32 px high: line box (fontSizeSM × lineHeightSM = 30 px) plus a 1 px border on each side. */
export const tagFontSize = 12;
export const tagLineHeight = 30 / tagFontSize;

/** A little above AA, so rounding in browsers never drops a pair below it. */
const target = AA_TEXT + 0.1;

/**
 * The surfaces text sits on: the page, cards and inputs, a card's primary-tinted corner and the
 * tinted background of the selected navigation entry.
 */
function surfaces(p: Palette): string[] {
  return [p.background, p.surface, toHex(over(withAlpha(p.primary, 0.14), p.background)), toHex(over(withAlpha(p.primary, 0.14), p.surface)), toHex(over(withAlpha(p.primary, 0.12), p.surface))];
}

/**
 * Accessible shades of a palette (WCAG 2.2 AA), same hues: the primary darkened until white text
 * on it reaches 4.5:1; the primary lightened until it reads as text (links, selected entries, the
 * focus ring) on every surface; secondary text and placeholders light enough on every surface.
 */
export function accessibleShades(p: Palette) {
  const onSurfaces = surfaces(p);
  const primarySolid = shadeReaching(p.primary, '#ffffff', target);
  return {
    primarySolid,
    primaryHover: shadeReaching(mix(primarySolid, '#ffffff', 0.08), '#ffffff', AA_TEXT),
    primaryActive: mix(primarySolid, '#000000', 0.15),
    link: shadeReachingAll(p.primary, onSurfaces, target),
    linkHover: shadeReachingAll(mix(p.primary, '#ffffff', 0.25), onSurfaces, target),
    textSecondary: shadeReachingAll(mix(p.surface, '#ffffff', 0.6), onSurfaces, target),
    placeholder: shadeReachingAll(mix(p.surface, '#ffffff', 0.45), onSurfaces, target),
  };
}

/** Dark red that keeps white text on danger buttons readable is unreadable as text: text gets a light red. */
const errorText = '#ff7b7d';

/**
 * Runs after antd's dark algorithm: the dark algorithm derives its colours from the seeds (and
 * shifts them), so the map tokens that carry text or sit behind white text are set here to the
 * accessible shades.
 */
function accessibleAlgorithm(shades: ReturnType<typeof accessibleShades>): MappingAlgorithm {
  return (_seed, map) => ({
    ...map!,
    colorPrimary: shades.primarySolid,
    colorPrimaryHover: shades.primaryHover,
    colorPrimaryActive: shades.primaryActive,
    colorPrimaryText: shades.link,
    colorPrimaryTextHover: shades.linkHover,
    colorPrimaryTextActive: shades.link,
    colorPrimaryBorderHover: shades.link,
    colorInfo: shades.primarySolid,
    colorInfoText: shades.link,
    colorLink: shades.link,
    colorLinkHover: shades.linkHover,
    colorLinkActive: shades.link,
    colorTextSecondary: shades.textSecondary,
    colorTextTertiary: shades.textSecondary,
    colorTextQuaternary: shades.placeholder,
    colorError: errorText,
    colorErrorText: errorText,
  });
}

/** Derives the spec's theme variables from a palette and its accessible shades. */
function themeVariables(p: Palette, shades: ReturnType<typeof accessibleShades>): ThemeVariables {
  const art = svgUrl(gameArt[p.game]);
  return {
    primary: p.primary,
    primarySolid: shades.primarySolid,
    link: shades.link,
    focus: shades.link,
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
    placeholder: shades.placeholder,
  };
}

/**
 * Builds one dark antd theme plus its CSS variables from a palette. antd's dark algorithm is added
 * by {@link antdThemeConfig} where antd is loaded: the themes' colours are also needed by pages
 * that load no antd at all (log in, sign up).
 */
export function createPanelTheme(name: ThemeName, p: Palette): PanelTheme {
  // The shades take searches over colours (slow on a phone at start-up): worked out once per theme.
  const shades = accessibleShades(p);
  const variables = themeVariables(p, shades);
  const inputTokens = {
    colorBgContainer: variables.inputBackground,
    activeBg: variables.inputBackground,
    hoverBg: variables.inputBackground,
    colorText: variables.inputText,
    colorTextPlaceholder: shades.placeholder,
  };
  return {
    name,
    game: p.game,
    plan: p.plan,
    variables,
    accessibleAlgorithm: accessibleAlgorithm(shades),
    antd: {
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
        // Light red (text) behind white would fail: primary danger buttons carry dark text instead.
        Button: { dangerColor: '#1a0505' },
        Tag: { fontSizeSM: tagFontSize, lineHeightSM: tagLineHeight },
        Card: { colorBgContainer: p.surface, colorBorderSecondary: variables.cardBorder },
      },
    },
  };
}
