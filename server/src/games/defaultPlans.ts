import type { GameSlug } from './templates/TemplateDefinition';

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
  /** Minor units (cents) per month. */
  priceMonthly: number;
  currency: string;
  displayOrder: number;
}

type Limits = Pick<PlanDefinition, 'memoryMb' | 'cpuPercent' | 'diskMb' | 'backups' | 'databases' | 'extraPorts' | 'priceMonthly'>;

/** The four rungs every game's ladder has; the middle two keep the historical slugs `<game>-budget` and `<game>-premium`. */
const rungs = [
  { suffix: 'starter', tier: 'budget', label: 'Starter' },
  { suffix: 'budget', tier: 'budget', label: 'Budget' },
  { suffix: 'premium', tier: 'premium', label: 'Premium' },
  { suffix: 'premium-xl', tier: 'premium', label: 'Premium XL' },
] as const;

const ladder = (game: GameSlug, title: string, limits: [Limits, Limits, Limits, Limits]): PlanDefinition[] =>
  rungs.map((rung, index) => ({
    slug: `${game}-${rung.suffix}`,
    game,
    tier: rung.tier,
    name: `${title} ${rung.label}`,
    currency: 'EUR',
    displayOrder: (index + 1) * 10,
    ...limits[index],
  }));

/** A ladder of four plans for every game: two budget, two premium, cheapest first. */
export const defaultPlans: readonly PlanDefinition[] = [
  ...ladder('minecraft', 'Minecraft', [
    { memoryMb: 1024, cpuPercent: 100, diskMb: 5120, backups: 1, databases: 0, extraPorts: 0, priceMonthly: 300 },
    { memoryMb: 2048, cpuPercent: 100, diskMb: 10_240, backups: 2, databases: 1, extraPorts: 1, priceMonthly: 600 },
    { memoryMb: 6144, cpuPercent: 300, diskMb: 51_200, backups: 10, databases: 5, extraPorts: 3, priceMonthly: 1800 },
    { memoryMb: 12_288, cpuPercent: 400, diskMb: 102_400, backups: 20, databases: 10, extraPorts: 5, priceMonthly: 3600 },
  ]),
  ...ladder('rust', 'Rust', [
    { memoryMb: 6144, cpuPercent: 150, diskMb: 20_480, backups: 1, databases: 0, extraPorts: 0, priceMonthly: 1200 },
    { memoryMb: 8192, cpuPercent: 200, diskMb: 30_720, backups: 2, databases: 1, extraPorts: 0, priceMonthly: 1600 },
    { memoryMb: 16_384, cpuPercent: 400, diskMb: 61_440, backups: 10, databases: 3, extraPorts: 2, priceMonthly: 3200 },
    { memoryMb: 24_576, cpuPercent: 600, diskMb: 102_400, backups: 20, databases: 5, extraPorts: 3, priceMonthly: 4800 },
  ]),
  ...ladder('terraria', 'Terraria', [
    { memoryMb: 512, cpuPercent: 50, diskMb: 2048, backups: 1, databases: 0, extraPorts: 0, priceMonthly: 200 },
    { memoryMb: 1024, cpuPercent: 100, diskMb: 5120, backups: 2, databases: 0, extraPorts: 0, priceMonthly: 400 },
    { memoryMb: 4096, cpuPercent: 200, diskMb: 20_480, backups: 10, databases: 1, extraPorts: 1, priceMonthly: 1000 },
    { memoryMb: 8192, cpuPercent: 300, diskMb: 40_960, backups: 20, databases: 2, extraPorts: 2, priceMonthly: 2000 },
  ]),
  ...ladder('ark', 'ARK', [
    { memoryMb: 6144, cpuPercent: 150, diskMb: 40_960, backups: 1, databases: 0, extraPorts: 0, priceMonthly: 1400 },
    { memoryMb: 8192, cpuPercent: 200, diskMb: 51_200, backups: 2, databases: 0, extraPorts: 0, priceMonthly: 1800 },
    { memoryMb: 16_384, cpuPercent: 400, diskMb: 102_400, backups: 10, databases: 1, extraPorts: 2, priceMonthly: 3500 },
    { memoryMb: 24_576, cpuPercent: 600, diskMb: 153_600, backups: 20, databases: 2, extraPorts: 3, priceMonthly: 5200 },
  ]),
  ...ladder('palworld', 'Palworld', [
    { memoryMb: 6144, cpuPercent: 150, diskMb: 20_480, backups: 1, databases: 0, extraPorts: 0, priceMonthly: 1200 },
    { memoryMb: 8192, cpuPercent: 200, diskMb: 30_720, backups: 2, databases: 0, extraPorts: 0, priceMonthly: 1600 },
    { memoryMb: 16_384, cpuPercent: 400, diskMb: 61_440, backups: 10, databases: 1, extraPorts: 1, priceMonthly: 3200 },
    { memoryMb: 24_576, cpuPercent: 600, diskMb: 102_400, backups: 20, databases: 2, extraPorts: 2, priceMonthly: 4800 },
  ]),
];
