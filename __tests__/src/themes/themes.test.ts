import { theme as antdTheme } from 'antd';
import { antdThemeConfig } from '../../../src/themes/antdThemeConfig';
import { cssVariableNames, gameArt, themeCssVariables, themeNames, themes, type ThemeName } from '../../../src/themes';

/** Hue (0–360), saturation and lightness (0–1) of a #rrggbb colour. */
function hsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return { h: h < 0 ? h + 360 : h, s, l };
}

const contractVariables = [
  '--panel-primary',
  '--panel-secondary',
  '--panel-background',
  '--panel-game-input',
  '--panel-gradient',
  '--panel-card-gradient',
  '--panel-card-border',
  '--panel-card-shadow',
  '--panel-nav-image',
  '--panel-server-image',
  '--panel-button-secondary',
  '--panel-input-bg',
  '--panel-input-text',
  // Accessible shades (WCAG 2.2 AA) derived from the palette.
  '--panel-primary-solid',
  '--panel-link',
  '--panel-focus',
  '--panel-placeholder',
];

describe('the nine themes', () => {
  it("are exactly the specification's nine, with minecraftDefault first", () => {
    expect(themeNames).toEqual(['minecraftDefault', 'minecraftPremium', 'rustDefault', 'rustPremium', 'terrariaPremium', 'arkDefault', 'arkPremium', 'palworldDefault', 'palworldPremium']);
    expect(Object.keys(themes).sort()).toEqual([...themeNames].sort());
  });

  it.each(themeNames)('%s is dark and defines every theme variable as a CSS variable', (name) => {
    const theme = themes[name];
    expect(theme.name).toBe(name);
    // antd's dark algorithm first; then the accessible shades replace the colours it derives.
    const { algorithm } = antdThemeConfig(theme);
    expect(algorithm).toEqual([antdTheme.darkAlgorithm, theme.accessibleAlgorithm]);
    const variables = themeCssVariables(theme);
    expect(Object.keys(variables).sort()).toEqual([...contractVariables].sort());
    for (const value of Object.values(variables)) expect(value.trim()).not.toBe('');
    expect(theme.antd.token?.colorPrimary).toBe(theme.variables.primary);
    // antd's dark algorithm leaves the page unpainted: Layout must paint it with the theme background.
    expect(theme.antd.components?.Layout?.bodyBg).toBe(theme.variables.background);
    // Dark: the background is really dark.
    expect(hsl(theme.variables.background).l).toBeLessThan(0.15);
  });

  it('maps every variable to its contract name', () => {
    expect(Object.values(cssVariableNames).sort()).toEqual([...contractVariables].sort());
  });

  it('gives every budget theme the same blue primary', () => {
    const budget = themeNames.filter((name) => name.endsWith('Default'));
    expect(budget).toHaveLength(4);
    const primaries = new Set(budget.map((name) => themes[name].variables.primary));
    expect(primaries.size).toBe(1);
    const { h } = hsl(themes.minecraftDefault.variables.primary);
    expect(h).toBeGreaterThanOrEqual(205);
    expect(h).toBeLessThanOrEqual(235);
  });

  const premiumHues: [ThemeName, string, number, number][] = [
    ['minecraftPremium', 'green', 95, 150],
    ['rustPremium', 'orange-red', 5, 25],
    ['terrariaPremium', 'purple', 260, 290],
    ['arkPremium', 'olive', 55, 75],
    ['palworldPremium', 'cyan-blue', 185, 205],
  ];
  it.each(premiumHues)('%s has a %s primary', (name, _colour, from, to) => {
    const { h, s, l } = hsl(themes[name].variables.primary);
    expect(h).toBeGreaterThanOrEqual(from);
    expect(h).toBeLessThanOrEqual(to);
    expect(s).toBeGreaterThan(0.35);
    if (name === 'arkPremium') expect(l).toBeLessThan(0.5); // olive is a dark yellow-green
  });

  it('sets the breakpoints sm 600, md 960, lg 1280, xl 1920, xxl 2560 as antd screen tokens', () => {
    for (const name of themeNames) {
      // getDesignToken runs antd's own derivation; inconsistent screen ranges would break Grid at runtime.
      const token = antdTheme.getDesignToken(antdThemeConfig(themes[name]));
      expect([token.screenSM, token.screenMD, token.screenLG, token.screenXL, token.screenXXL]).toEqual([600, 960, 1280, 1920, 2560]);
      expect(token.screenXSMax).toBe(599);
      expect(token.screenMDMax).toBe(1279);
      expect(token.screenXXLMax).toBeLessThan(token.screenXXXLMin);
    }
  });

  it('makes tags 32 px high', () => {
    for (const name of themeNames) {
      const tag = themes[name].antd.components?.Tag as { fontSizeSM: number; lineHeightSM: number };
      const border = antdTheme.getDesignToken(antdThemeConfig(themes[name])).lineWidth;
      expect(tag.fontSizeSM * tag.lineHeightSM + 2 * border).toBe(32);
    }
  });

  it('uses one hand-made SVG per game for the navigation and server backgrounds', () => {
    const arts = Object.values(gameArt);
    expect(Object.keys(gameArt).sort()).toEqual(['ark', 'minecraft', 'palworld', 'rust', 'terraria']);
    expect(new Set(arts).size).toBe(5);
    for (const svg of arts) {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.nodeName).toBe('svg');
      // Nothing is fetched from elsewhere: the only URL is the SVG namespace.
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=/);
    }
    for (const name of themeNames) {
      const { navigationImage, serverImage } = themes[name].variables;
      const art = encodeURIComponent(gameArt[themes[name].game]);
      expect(navigationImage).toContain(art);
      expect(serverImage).toContain(art);
    }
  });
});
