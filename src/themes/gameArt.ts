import { arkArt } from './art/arkArt';
import { minecraftArt } from './art/minecraftArt';
import { palworldArt } from './art/palworldArt';
import { rustArt } from './art/rustArt';
import { terrariaArt } from './art/terrariaArt';
import type { GameName } from './themeNames';

/** One hand-drawn SVG background per game, shared by its default and premium themes. */
export const gameArt: Record<GameName, string> = {
  minecraft: minecraftArt,
  rust: rustArt,
  terraria: terrariaArt,
  ark: arkArt,
  palworld: palworldArt,
};
