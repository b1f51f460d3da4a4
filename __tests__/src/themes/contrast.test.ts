import { theme as antdTheme } from 'antd';
import { antdThemeConfig } from '../../../src/themes/antdThemeConfig';
import { themeNames, themes, type ThemeName } from '../../../src/themes';
import { palettes } from '../../../src/themes/palettes';
import { AA_NON_TEXT, AA_TEXT, contrastRatio, mix, over, parseColour, shadeReaching, toHex } from '../../../src/themes/contrast';
import { withAlpha } from '../../../src/themes/colour';

/** Hue (0–360) of a #rrggbb colour. */
function hue(hex: string): number {
  const { r, g, b } = parseColour(hex);
  const [R, G, B] = [r, g, b].map((c) => c / 255);
  const max = Math.max(R, G, B);
  const d = max - Math.min(R, G, B);
  if (d === 0) return 0;
  const h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return (h * 60 + 360) % 360;
}

function hueDistance(a: string, b: string): number {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
}

describe('contrast arithmetic (WCAG 2.2)', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#000000', '#000000')).toBe(1);
    // Translucent text is laid over its background first.
    expect(contrastRatio('rgba(255,255,255,0.25)', '#18202a')).toBeLessThan(3);
  });

  it('finds the nearest shade that reaches a ratio, keeping the hue', () => {
    const shade = shadeReaching('#2f7df6', '#ffffff', 4.5);
    expect(contrastRatio('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    expect(hueDistance(shade, '#2f7df6')).toBeLessThan(3);
    expect(toHex(over('rgba(0,0,0,0.5)', '#ffffff'))).toBe('#808080');
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff');
  });
});

/** Each theme's tokens as antd computes them (dark algorithm, then the accessible shades). */
const tokens = (name: ThemeName) => antdTheme.getDesignToken(antdThemeConfig(themes[name]));

describe.each(themeNames)('%s reaches WCAG 2.2 AA', (name) => {
  const p = palettes[name];
  const v = themes[name].variables;
  const token = tokens(name);
  const input = themes[name].antd.components?.Input as { colorBgContainer: string; colorTextPlaceholder: string };
  // Where text sits: page, cards and inputs, a card's tinted corner, the selected navigation entry.
  const surfaces = {
    background: p.background,
    surface: p.surface,
    cardCorner: toHex(over(withAlpha(p.primary, 0.14), p.surface)),
    navSelected: toHex(over(v.gameInput, p.surface)),
  };

  it('white button text on the primary colour', () => {
    expect(contrastRatio(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#ffffff', token.colorPrimaryHover)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#ffffff', token.colorPrimaryActive)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#ffffff', v.primarySolid)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(Object.entries(surfaces))('links, secondary text and error text on the %s', (_, surface) => {
    expect(contrastRatio(token.colorLink, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorLinkHover, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(v.link, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorPrimaryText, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorText, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorTextSecondary, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorTextTertiary, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorTextDescription, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorError, surface)).toBeGreaterThanOrEqual(AA_TEXT);
    // The focus ring is a UI part: 3:1 against whatever it surrounds.
    expect(contrastRatio(v.focus, surface)).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it('placeholders and typed text on the input background', () => {
    expect(contrastRatio(input.colorTextPlaceholder, input.colorBgContainer)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(token.colorTextPlaceholder, input.colorBgContainer)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(v.placeholder, v.inputBackground)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(v.inputText, v.inputBackground)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('text on the page background', () => {
    expect(contrastRatio(token.colorText, token.colorBgLayout)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(v.inputText, v.background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('primary danger buttons: their text on the error colour', () => {
    const button = themes[name].antd.components?.Button as { dangerColor: string };
    expect(contrastRatio(button.dangerColor, token.colorError)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("keeps the palette's hues: only the shades move", () => {
    for (const shade of [v.primarySolid, v.link, token.colorPrimary, token.colorLink]) {
      expect(hueDistance(shade, p.primary)).toBeLessThan(6);
    }
  });
});
