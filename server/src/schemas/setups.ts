import { Type } from 'typebox';

export const SetupSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    extensions: Type.Array(Type.String()),
    suggests_new_world: Type.Boolean(),
    available: Type.Boolean(),
    unavailable_reason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Setup' },
);

const SoftwareRef = Type.Object({ software: Type.String(), version: Type.String() });

export const SetupPreviewSchema = Type.Object(
  {
    setup: Type.String(),
    name: Type.String(),
    software: Type.Union([Type.Object({ from: Type.Union([SoftwareRef, Type.Null()]), to: SoftwareRef }), Type.Null()]),
    config: Type.Array(Type.Object({ file: Type.String(), key: Type.String(), old: Type.Union([Type.String(), Type.Null()]), new: Type.String() })),
    files: Type.Array(Type.String()),
    suggests_new_world: Type.Boolean(),
  },
  { $id: 'SetupPreview' },
);

export const SetupParamsSchema = Type.Object({ id: Type.String(), setup: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) });

export const ApplySetupBodySchema = Type.Object({ reset_world: Type.Boolean() }, { additionalProperties: false });
