import { MODEL, estimateNeeds, recommendPlan, type QuizAnswers, type QuizPlan } from '../../../../server/src/services/plans/quizModel';
import { defaultPlans } from '../../../../server/src/games/defaultPlans';

const minecraft: QuizPlan[] = defaultPlans.filter((p) => p.game === 'minecraft');
const answers = (over: Partial<QuizAnswers> = {}): QuizAnswers => ({ players: 10, software: 'vanilla', modpackSize: 'small', viewDistance: 10, worldSize: 'small', budget: null, ...over });

describe('the quiz sizing model', () => {
  it('adds memory per player (growing with view distance) and per mod, disk per world and mod', () => {
    expect(estimateNeeds(answers())).toEqual({ memoryMb: 1024 + 10 * 100, cpuPercent: 100, diskMb: 1024 + 2048, mods: 0 });
    const modpack = estimateNeeds(answers({ players: 20, software: 'modpack', modpackSize: 'large', viewDistance: 16, worldSize: 'large' }));
    expect(modpack).toEqual({
      memoryMb: MODEL.baseMemoryMb.modpack + 20 * (40 + 6 * 16) + 300 * MODEL.modMemoryMb,
      cpuPercent: 100 + 100 + 50,
      diskMb: 1024 + 20_480 + 300 * 20,
      mods: 300,
    });
    expect(estimateNeeds(answers({ software: 'plugins' })).mods).toBe(10);
    // More players, a longer view distance or more mods never need less.
    expect(estimateNeeds(answers({ players: 11 })).memoryMb).toBeGreaterThan(estimateNeeds(answers()).memoryMb);
    expect(estimateNeeds(answers({ viewDistance: 12 })).memoryMb).toBeGreaterThan(estimateNeeds(answers()).memoryMb);
  });

  it('picks the cheapest plan that holds the need', () => {
    expect(recommendPlan(answers({ players: 4, viewDistance: 8 }), minecraft)!.plan.slug).toBe('minecraft-budget');
    expect(recommendPlan(answers({ players: 2, viewDistance: 4 }), minecraft)!.plan.slug).toBe('minecraft-budget');
    expect(recommendPlan(answers({ players: 1, viewDistance: 2, worldSize: 'small' }), minecraft)!.plan.slug).toBe('minecraft-budget');
    const modded = recommendPlan(answers({ players: 20, software: 'modpack', modpackSize: 'medium' }), minecraft)!;
    expect(modded.plan.slug).toBe('minecraft-premium-xl');
    expect(modded.reasons.map((r) => r.code)).toEqual(['memory', 'cpu', 'disk', 'cheapest']);
    expect(modded.reasons[0].values).toMatchObject({ needed: modded.needs.memoryMb, players: 20, mods: 150 });
  });

  it('keeps to the budget and says when the plan within it falls short, or when nothing fits it', () => {
    const short = recommendPlan(answers({ players: 20, software: 'modpack', modpackSize: 'medium', budget: 2000 }), minecraft)!;
    expect(short.plan.slug).toBe('minecraft-premium');
    expect(short.reasons.at(-1)).toEqual({ code: 'short-within-budget', values: { budget: 2000, price: 1800 } });
    const none = recommendPlan(answers({ budget: 100 }), minecraft)!;
    expect(none.plan.slug).toBe('minecraft-budget');
    expect(none.reasons.at(-1)!.code).toBe('over-budget');
    const huge = recommendPlan(answers({ players: 200, software: 'modpack', modpackSize: 'large' }), minecraft)!;
    expect(huge.plan.slug).toBe('minecraft-premium-xl');
    expect(huge.reasons.at(-1)!.code).toBe('too-small');
    expect(recommendPlan(answers(), [])).toBeNull();
  });
});
