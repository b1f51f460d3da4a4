import type { GameSlug } from './TemplateDefinition';

/** A plan as the panel ships it; rows are created at start-up when missing (and never overwritten). */
export interface PlanDefinition {
  slug: string;
  game: GameSlug;
  tier: 'budget' | 'premium';
  name: string;
  memoryMb: number;
  cpuPercent: number;
  diskMb: number;
  backups: number;
  databases: number;
  extraPorts: number;
}

const plan = (game: GameSlug, tier: 'budget' | 'premium', name: string, limits: Omit<PlanDefinition, 'slug' | 'game' | 'tier' | 'name'>): PlanDefinition => ({
  slug: `${game}-${tier}`,
  game,
  tier,
  name,
  ...limits,
});

/** Budget and premium plans of every game. */
export const defaultPlans: readonly PlanDefinition[] = [
  plan('minecraft', 'budget', 'Minecraft Budget', { memoryMb: 2048, cpuPercent: 100, diskMb: 10_240, backups: 2, databases: 1, extraPorts: 1 }),
  plan('minecraft', 'premium', 'Minecraft Premium', { memoryMb: 6144, cpuPercent: 300, diskMb: 51_200, backups: 10, databases: 5, extraPorts: 3 }),
  plan('rust', 'budget', 'Rust Budget', { memoryMb: 8192, cpuPercent: 200, diskMb: 30_720, backups: 2, databases: 1, extraPorts: 0 }),
  plan('rust', 'premium', 'Rust Premium', { memoryMb: 16_384, cpuPercent: 400, diskMb: 61_440, backups: 10, databases: 3, extraPorts: 2 }),
  plan('terraria', 'budget', 'Terraria Budget', { memoryMb: 1024, cpuPercent: 100, diskMb: 5120, backups: 2, databases: 0, extraPorts: 0 }),
  plan('terraria', 'premium', 'Terraria Premium', { memoryMb: 4096, cpuPercent: 200, diskMb: 20_480, backups: 10, databases: 1, extraPorts: 1 }),
  plan('ark', 'budget', 'ARK Budget', { memoryMb: 8192, cpuPercent: 200, diskMb: 51_200, backups: 2, databases: 0, extraPorts: 0 }),
  plan('ark', 'premium', 'ARK Premium', { memoryMb: 16_384, cpuPercent: 400, diskMb: 102_400, backups: 10, databases: 1, extraPorts: 2 }),
  plan('palworld', 'budget', 'Palworld Budget', { memoryMb: 8192, cpuPercent: 200, diskMb: 30_720, backups: 2, databases: 0, extraPorts: 0 }),
  plan('palworld', 'premium', 'Palworld Premium', { memoryMb: 16_384, cpuPercent: 400, diskMb: 61_440, backups: 10, databases: 1, extraPorts: 1 }),
];
