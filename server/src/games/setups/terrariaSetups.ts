import type { SetupDefinition } from './SetupDefinition';

/** Terraria setups, through serverconfig.txt. */
export const terrariaSetups: SetupDefinition[] = [
  {
    id: 'terraria-expert-friends',
    game: 'terraria',
    name: 'Expert world with friends',
    description: 'A new large expert-mode world for up to 8 players, with anti-cheat protection on.',
    config: { 'serverconfig.txt': { difficulty: '1', autocreate: '3', maxplayers: '8', secure: '1' } },
    extensions: [],
    suggestsNewWorld: true,
  },
  {
    id: 'terraria-journey',
    game: 'terraria',
    name: 'Journey mode sandbox',
    description: 'A medium journey-mode world for relaxed building with up to 16 players.',
    config: { 'serverconfig.txt': { difficulty: '3', autocreate: '2', maxplayers: '16' } },
    extensions: [],
    suggestsNewWorld: true,
  },
];
