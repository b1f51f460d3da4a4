import { theme as antdTheme, type MappingAlgorithm } from 'antd';
import type { PanelTheme } from './PanelTheme';
import { themeNames, type ThemeName } from './themeNames';
import { themes } from './themes';

type SeedTokens = Parameters<MappingAlgorithm>[0];
type MapTokens = ReturnType<MappingAlgorithm>;
type Tokens = Record<string, unknown>;

/**
 * antd's map tokens of the nine themes (what antd's dark algorithm and then each theme's
 * accessible shades make of its seed tokens), worked out as the panel is built: the tokens every
 * theme shares once, then what each theme has of its own. antd names each shade of its colour
 * palettes twice (`blue6` and `blue-6`); the table holds the first name only.
 */
export interface MapTokenTable {
  shared: Tokens;
  themes: Record<ThemeName, Tokens>;
}

/** A palette shade's name (`blue6`) and its other name (`blue-6`). */
const SHADE = /^([a-z]+)(\d+)$/;
const otherShadeName = (key: string): string | null => {
  const shade = SHADE.exec(key);
  return shade ? `${shade[1]}-${shade[2]}` : null;
};

/** The map tokens a theme's seed tokens give: antd's dark algorithm, then the theme's accessible shades. */
export function computedMapTokens(theme: PanelTheme, seed: SeedTokens): MapTokens {
  return theme.accessibleAlgorithm(seed, antdTheme.darkAlgorithm(seed));
}

/** The seed tokens antd hands a theme's algorithm: antd's defaults with the theme's own tokens over them. */
export function seedOf(theme: PanelTheme): SeedTokens {
  return { ...antdTheme.defaultSeed, ...theme.antd.token };
}

/** A theme's map tokens without the shades' second names (where they equal the first). */
function tableEntriesOf(theme: PanelTheme): Tokens {
  const tokens: Tokens = { ...computedMapTokens(theme, seedOf(theme)) };
  for (const key of Object.keys(tokens)) {
    const other = otherShadeName(key);
    if (other && other in tokens && tokens[other] === tokens[key]) delete tokens[other];
  }
  return tokens;
}

/** Works out the table (at build time: webpack.config.ts puts it into the bundle). */
export function buildMapTokenTable(): MapTokenTable {
  const all = Object.fromEntries(themeNames.map((name) => [name, tableEntriesOf(themes[name])])) as Record<ThemeName, Tokens>;
  const first = all[themeNames[0]];
  const isShared = (key: string) => themeNames.every((name) => key in all[name] && JSON.stringify(all[name][key]) === JSON.stringify(first[key]));
  const shared = Object.fromEntries(Object.entries(first).filter(([key]) => isShared(key)));
  const own = (name: ThemeName) => Object.fromEntries(Object.entries(all[name]).filter(([key]) => !(key in shared)));
  return { shared, themes: Object.fromEntries(themeNames.map((name) => [name, own(name)])) as MapTokenTable['themes'] };
}

/** Whether antd handed the algorithm exactly `expected`, the theme's seed tokens (a nested theme may add others). */
function isSeed(expected: Tokens, seed: SeedTokens): boolean {
  const given = Object.entries(seed);
  return given.length === Object.keys(expected).length && given.every(([key, value]) => expected[key] === value);
}

/** A theme's map tokens from the table, the shades' second names put back. */
function tokensFromTable(theme: PanelTheme, table: MapTokenTable): Tokens {
  const tokens: Tokens = { ...table.shared, ...table.themes[theme.name] };
  for (const key of Object.keys(tokens)) {
    const other = otherShadeName(key);
    if (other && !(other in tokens)) tokens[other] = tokens[key];
  }
  return tokens;
}

/**
 * The theme's algorithm for antd: the table's tokens when antd asks with the theme's own seed
 * tokens, else worked out as antd would. Working them out takes antd's colour palettes (some 200
 * colours, 30–60 ms on a slow phone, for every theme a page shows) as the page first renders.
 */
export function tableAlgorithm(theme: PanelTheme, table: MapTokenTable): MappingAlgorithm {
  const expected: Tokens = { ...seedOf(theme) };
  // The table's entries are the very tokens antd's algorithms gave for this seed (built from them).
  return (seed) => (isSeed(expected, seed) ? (tokensFromTable(theme, table) as unknown as MapTokens) : computedMapTokens(theme, seed));
}

/** The table the build put into the bundle (webpack's DefinePlugin), or null (tests, tools). */
export const builtMapTokenTable: MapTokenTable | null = process.env.PANEL_THEME_MAP_TOKENS ? (JSON.parse(process.env.PANEL_THEME_MAP_TOKENS) as MapTokenTable) : null;
