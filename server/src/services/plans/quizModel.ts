/**
 * The upgrade quiz's sizing model (README, "Plans and billing"). From the answers it estimates
 * what the server needs, then picks the cheapest plan of the game that holds it:
 *
 * - memory = base of the software kind + players × memory per player + mods × memory per mod;
 *   memory per player grows with the view distance: 40 MiB + 6 MiB per chunk of view distance
 *   (the default 10 chunks → 100 MiB);
 * - CPU = 100 % (one core) + 10 % per player above 10, + 50 % for mods or a modpack;
 * - disk = 1 GiB for the server itself + the world (small 2 GiB, medium 8 GiB, large 20 GiB)
 *   + 20 MiB per mod.
 *
 * A modpack's size gives its mod count (small 50, medium 150, large 300); plugins count as 10
 * light mods. With a budget (most per month, minor units) only plans within it are picked; when
 * none of those holds the need, the biggest within the budget is recommended and said to be short.
 */
export type SoftwareKind = 'vanilla' | 'plugins' | 'mods' | 'modpack';
export type Size = 'small' | 'medium' | 'large';

export interface QuizAnswers {
  players: number;
  software: SoftwareKind;
  /** How big the modpack (or the set of mods) is; ignored for vanilla. */
  modpackSize: Size;
  /** Chunks, 2–32. */
  viewDistance: number;
  worldSize: Size;
  /** Most per month in minor units; null: no limit. */
  budget: number | null;
}

export interface QuizNeeds {
  memoryMb: number;
  cpuPercent: number;
  diskMb: number;
  mods: number;
}

/** A plan as the model sees it. */
export interface QuizPlan {
  slug: string;
  memoryMb: number;
  cpuPercent: number;
  diskMb: number;
  priceMonthly: number;
}

/** Why the plan was picked: a code the page translates, with its figures. */
export interface QuizReason {
  code: 'memory' | 'cpu' | 'disk' | 'cheapest' | 'short-within-budget' | 'over-budget' | 'too-small';
  values: Record<string, number>;
}

export const MODEL = {
  baseMemoryMb: { vanilla: 1024, plugins: 1280, mods: 1536, modpack: 2048 } satisfies Record<SoftwareKind, number>,
  playerMemoryMb: 40,
  playerMemoryPerChunkMb: 6,
  modMemoryMb: 24,
  modCount: { small: 50, medium: 150, large: 300 } satisfies Record<Size, number>,
  pluginsAsMods: 10,
  serverDiskMb: 1024,
  worldDiskMb: { small: 2048, medium: 8192, large: 20_480 } satisfies Record<Size, number>,
  modDiskMb: 20,
} as const;

/** What the answers need. */
export function estimateNeeds(answers: QuizAnswers): QuizNeeds {
  const { software } = answers;
  const mods = software === 'vanilla' ? 0 : software === 'plugins' ? MODEL.pluginsAsMods : MODEL.modCount[answers.modpackSize];
  const perPlayer = MODEL.playerMemoryMb + MODEL.playerMemoryPerChunkMb * answers.viewDistance;
  const memoryMb = MODEL.baseMemoryMb[software] + answers.players * perPlayer + mods * MODEL.modMemoryMb;
  const cpuPercent = 100 + 10 * Math.max(0, answers.players - 10) + (software === 'mods' || software === 'modpack' ? 50 : 0);
  const diskMb = MODEL.serverDiskMb + MODEL.worldDiskMb[answers.worldSize] + mods * MODEL.modDiskMb;
  return { memoryMb, cpuPercent, diskMb, mods };
}

const fits = (plan: QuizPlan, needs: QuizNeeds) => plan.memoryMb >= needs.memoryMb && plan.cpuPercent >= needs.cpuPercent && plan.diskMb >= needs.diskMb;

/** The recommended plan with its reasons; null only when there are no plans. */
export function recommendPlan(answers: QuizAnswers, plans: readonly QuizPlan[]): { plan: QuizPlan; needs: QuizNeeds; reasons: QuizReason[] } | null {
  if (plans.length === 0) return null;
  const needs = estimateNeeds(answers);
  const byPrice = [...plans].sort((a, b) => a.priceMonthly - b.priceMonthly || a.memoryMb - b.memoryMb);
  const affordable = answers.budget === null ? byPrice : byPrice.filter((plan) => plan.priceMonthly <= answers.budget!);
  const reasons: QuizReason[] = [
    { code: 'memory', values: { needed: needs.memoryMb, players: answers.players, mods: needs.mods, viewDistance: answers.viewDistance } },
    { code: 'cpu', values: { needed: needs.cpuPercent } },
    { code: 'disk', values: { needed: needs.diskMb } },
  ];
  const fitting = affordable.find((plan) => fits(plan, needs));
  if (fitting) return { plan: fitting, needs, reasons: [...reasons, { code: 'cheapest', values: { price: fitting.priceMonthly } }] };
  if (affordable.length > 0) {
    const biggest = affordable[affordable.length - 1];
    const last: QuizReason =
      answers.budget === null ? { code: 'too-small', values: { price: biggest.priceMonthly } } : { code: 'short-within-budget', values: { budget: answers.budget, price: biggest.priceMonthly } };
    return { plan: biggest, needs, reasons: [...reasons, last] };
  }
  // Nothing within the budget: the cheapest plan that holds the need, or else the biggest.
  const plan = byPrice.find((p) => fits(p, needs)) ?? byPrice[byPrice.length - 1];
  return {
    plan,
    needs,
    reasons: [...reasons, fits(plan, needs) ? { code: 'over-budget', values: { budget: answers.budget ?? 0, price: plan.priceMonthly } } : { code: 'too-small', values: { price: plan.priceMonthly } }],
  };
}
