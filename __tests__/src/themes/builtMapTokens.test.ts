import { theme as antdTheme, type MappingAlgorithm } from 'antd';
import { antdThemeConfig } from '../../../src/themes/antdThemeConfig';
import { buildMapTokenTable, computedMapTokens, seedOf as seedOfTheme, tableAlgorithm } from '../../../src/themes/builtMapTokens';
import { themeNames, themes } from '../../../src/themes';

const table = buildMapTokenTable();
const seedOf = (name: (typeof themeNames)[number]) => seedOfTheme(themes[name]);

describe("the themes' antd tokens worked out at build time", () => {
  it.each(themeNames)('give %s exactly the tokens antd would work out, also after a trip through JSON (the bundle)', (name) => {
    const fromBundle = JSON.parse(JSON.stringify(table)) as typeof table;
    const algorithm = tableAlgorithm(themes[name], fromBundle);
    expect(algorithm(seedOf(name))).toEqual(computedMapTokens(themes[name], seedOf(name)));
    // antd's own reading of the whole theme (alias tokens included) is the same either way.
    const computed = antdTheme.getDesignToken(antdThemeConfig(themes[name], null));
    expect(antdTheme.getDesignToken(antdThemeConfig(themes[name], fromBundle))).toEqual(computed);
  });

  it('keep what the nine themes share once: each theme carries only its own colours', () => {
    expect(Object.keys(table.shared).length).toBeGreaterThan(300);
    for (const name of themeNames) {
      expect(Object.keys(table.themes[name]).length).toBeLessThan(60);
      expect(table.themes[name].colorPrimary).toBe(computedMapTokens(themes[name], seedOf(name)).colorPrimary);
    }
  });

  it('work the tokens out as antd would when asked with other seed tokens (a nested theme adding its own)', () => {
    const seed = { ...seedOf('rustDefault'), fontSize: 20 };
    const tokens = tableAlgorithm(themes.rustDefault, table)(seed);
    expect(tokens).toEqual(computedMapTokens(themes.rustDefault, seed));
    expect(tokens.fontSizeLG).not.toBe(table.shared.fontSizeLG);
    const withExtraKey = { ...seedOf('rustDefault'), extra: 1 } as unknown as Parameters<MappingAlgorithm>[0];
    expect(tableAlgorithm(themes.rustDefault, table)(withExtraKey)).toEqual(computedMapTokens(themes.rustDefault, withExtraKey));
  });

  it('hand out a fresh object each time, which antd may change', () => {
    const algorithm = tableAlgorithm(themes.arkPremium, table);
    const first = algorithm(seedOf('arkPremium'));
    (first as unknown as Record<string, unknown>).colorPrimary = 'changed';
    expect(algorithm(seedOf('arkPremium')).colorPrimary).toBe(computedMapTokens(themes.arkPremium, seedOf('arkPremium')).colorPrimary);
  });

  it("are not in the tests' bundle: antd's dark algorithm and the accessible shades are used as they are", () => {
    const { algorithm } = antdThemeConfig(themes.minecraftDefault);
    expect(algorithm).toEqual([antdTheme.darkAlgorithm, themes.minecraftDefault.accessibleAlgorithm]);
    expect(antdThemeConfig(themes.minecraftDefault)).toBe(antdThemeConfig(themes.minecraftDefault));
  });
});
