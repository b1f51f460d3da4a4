import { Type, type Static } from 'typebox';

/** Bounds of a server's thresholds (422 outside them). */
export const THRESHOLD_BOUNDS = { percent: { min: 1, max: 100 }, minutes: { min: 1, max: 1440 } } as const;

/** The resources a threshold watches. */
export const thresholdResources = ['cpu', 'memory', 'disk'] as const;
export type ThresholdResource = (typeof thresholdResources)[number];

/**
 * An integer percent, or null. Written as one nullable integer, not a union with null: the
 * validator coerces types, and in a union it would turn an out-of-range 0 into null (not watched)
 * instead of refusing it; a nullable integer keeps 0 an integer, so the bounds refuse it (422).
 */
const percent = (what: string) =>
  Type.Unsafe<number | null>(
    Type.Integer({
      minimum: THRESHOLD_BOUNDS.percent.min,
      maximum: THRESHOLD_BOUNDS.percent.max,
      nullable: true,
      description: `${what} above this percent of the plan's limit for \`minutes\` (null: not watched)`,
    }),
  );

const thresholdFields = {
  cpu_percent: percent('CPU use'),
  memory_percent: percent('Memory use'),
  disk_percent: percent('Disk use'),
  minutes: Type.Integer({ minimum: THRESHOLD_BOUNDS.minutes.min, maximum: THRESHOLD_BOUNDS.minutes.max, description: 'How long a value stays above its threshold before the event fires' }),
};

/** What the customer chooses. */
export const ThresholdSettingsSchema = Type.Object(thresholdFields, { additionalProperties: false });
export type ThresholdSettings = Static<typeof ThresholdSettingsSchema>;

/** The settings with the resources above their threshold right now (fired and not yet cleared). */
export const ServerThresholdsSchema = Type.Object(
  {
    ...thresholdFields,
    exceeded: Type.Array(Type.Union([Type.Literal('cpu'), Type.Literal('memory'), Type.Literal('disk')]), {
      description: 'Resources whose threshold fired and has not cleared yet (it fires again only after clearing)',
    }),
  },
  { $id: 'ServerThresholds', additionalProperties: false },
);
export type ServerThresholdsJson = Static<typeof ServerThresholdsSchema>;
export const ServerThresholdsRef = Type.Unsafe<ServerThresholdsJson>(Type.Ref('ServerThresholds'));
