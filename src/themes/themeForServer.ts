import { defaultThemeName, type ThemeName } from './themeNames';

const games = ['minecraft', 'rust', 'terraria', 'ark', 'palworld'];

/**
 * The theme for a server's pages, from its game and plan. A premium plan gets the game's premium
 * theme; any other plan the game's default. Terraria has only a premium theme, so every Terraria
 * server uses it. An unknown game falls back to the panel's default theme.
 */
export function themeForServer(game: string | null | undefined, plan: string | null | undefined): ThemeName {
  const key = game?.toLowerCase() ?? '';
  if (!games.includes(key)) return defaultThemeName;
  if (key === 'terraria') return 'terrariaPremium';
  const variant = plan?.toLowerCase() === 'premium' ? 'Premium' : 'Default';
  return `${key}${variant}` as ThemeName;
}
