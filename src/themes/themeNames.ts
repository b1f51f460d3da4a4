/** The games the panel has themes and art for. */
export type GameName = 'minecraft' | 'rust' | 'terraria' | 'ark' | 'palworld';

/** The hosting plans that change the look: budget plans use the default theme, premium plans their own. */
export type PlanName = 'default' | 'premium';

/** The nine dark themes, named exactly as the specification names them. */
export type ThemeName = 'minecraftDefault' | 'minecraftPremium' | 'rustDefault' | 'rustPremium' | 'terrariaPremium' | 'arkDefault' | 'arkPremium' | 'palworldDefault' | 'palworldPremium';

/** Every theme name, in the specification's order. */
export const themeNames: readonly ThemeName[] = [
  'minecraftDefault',
  'minecraftPremium',
  'rustDefault',
  'rustPremium',
  'terrariaPremium',
  'arkDefault',
  'arkPremium',
  'palworldDefault',
  'palworldPremium',
];

/** The theme used everywhere outside a server's pages. */
export const defaultThemeName: ThemeName = 'minecraftDefault';

/** Narrows an arbitrary string (e.g. from persisted state) to a theme name. */
export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as readonly string[]).includes(value);
}
