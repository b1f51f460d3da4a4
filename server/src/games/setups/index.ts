import { minecraftSetups } from './minecraftSetups';
import type { SetupDefinition } from './SetupDefinition';
import { terrariaSetups } from './terrariaSetups';

export type { SetupDefinition } from './SetupDefinition';

/**
 * Every setup. Rust, ARK and Palworld have no config file the panel edits yet, so they have none.
 */
export const setups: readonly SetupDefinition[] = [...minecraftSetups, ...terrariaSetups];

export function findSetup(id: string): SetupDefinition | undefined {
  return setups.find((s) => s.id === id);
}
