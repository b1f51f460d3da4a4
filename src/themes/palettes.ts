import type { GameName, PlanName, ThemeName } from './themeNames';

/** The hand-picked colours a theme is built from; everything else is derived in createPanelTheme. */
export interface Palette {
  game: GameName;
  plan: PlanName;
  /** Brand colour: blue for every budget plan, the game's own colour for premium plans. */
  primary: string;
  /** The darker end of the primary gradient. */
  primaryDeep: string;
  /** Accent that belongs to the game's world. */
  secondary: string;
  /** Page background behind everything. */
  background: string;
  /** Raised surfaces: cards, navigation, inputs. */
  surface: string;
  /** Text colour inside inputs. */
  inputText: string;
}

/** Budget plans share one blue so customers recognise the plan at a glance. */
const budgetBlue = { primary: '#2f7df6', primaryDeep: '#1c4fae' };

/** The nine palettes. Premium primaries: Minecraft green, Rust orange-red, Terraria purple, Ark olive, Palworld cyan-blue. */
export const palettes: Record<ThemeName, Palette> = {
  minecraftDefault: {
    game: 'minecraft',
    plan: 'default',
    ...budgetBlue,
    secondary: '#5c9e3a',
    background: '#0e1318',
    surface: '#18202a',
    inputText: '#e6edf3',
  },
  minecraftPremium: {
    game: 'minecraft',
    plan: 'premium',
    primary: '#43a047',
    primaryDeep: '#1f6b2a',
    secondary: '#c9a227',
    background: '#0d140e',
    surface: '#172119',
    inputText: '#e8f3e8',
  },
  rustDefault: {
    game: 'rust',
    plan: 'default',
    ...budgetBlue,
    secondary: '#b5562c',
    background: '#15110f',
    surface: '#211a16',
    inputText: '#f1e9e4',
  },
  rustPremium: {
    game: 'rust',
    plan: 'premium',
    primary: '#e5532d',
    primaryDeep: '#9c2f14',
    secondary: '#d8a15a',
    background: '#160f0c',
    surface: '#241812',
    inputText: '#f6ebe6',
  },
  terrariaPremium: {
    game: 'terraria',
    plan: 'premium',
    primary: '#9b5de5',
    primaryDeep: '#5b2a9c',
    secondary: '#45c4b0',
    background: '#110c1c',
    surface: '#1d1530',
    inputText: '#efe8fb',
  },
  arkDefault: {
    game: 'ark',
    plan: 'default',
    ...budgetBlue,
    secondary: '#7c8a3a',
    background: '#11140c',
    surface: '#1b2014',
    inputText: '#eef0e4',
  },
  arkPremium: {
    game: 'ark',
    plan: 'premium',
    primary: '#8f9b34',
    primaryDeep: '#5e6a1c',
    secondary: '#d08c3a',
    background: '#12140b',
    surface: '#1d2113',
    inputText: '#f0f2e2',
  },
  palworldDefault: {
    game: 'palworld',
    plan: 'default',
    ...budgetBlue,
    secondary: '#3fa56b',
    background: '#0a1620',
    surface: '#132533',
    inputText: '#e4f2fa',
  },
  palworldPremium: {
    game: 'palworld',
    plan: 'premium',
    primary: '#1ea7d8',
    primaryDeep: '#0d6b93',
    secondary: '#7ad66b',
    background: '#08161f',
    surface: '#102a38',
    inputText: '#e2f5fc',
  },
};
