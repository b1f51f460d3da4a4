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
    extensions: Type.Array(
      Type.Object({
        provider: Type.String(),
        project_id: Type.String(),
        name: Type.String(),
        version_id: Type.String(),
        version_number: Type.String(),
        file: Type.String({ description: 'File name in extensions_folder' }),
        size: Type.Union([Type.Integer(), Type.Null()]),
        dependency_of: Type.Union([Type.String(), Type.Null()], { description: 'The extension that requires this one, null for one the setup names' }),
      }),
      { description: 'Plugins or mods the setup installs (hash-verified), required dependencies included' },
    ),
    extensions_folder: Type.Union([Type.Literal('plugins'), Type.Literal('mods'), Type.Null()]),
    extensions_installed: Type.Array(Type.String(), { description: 'Named extensions already installed, left as they are' }),
    unresolved: Type.Array(
      Type.Object({ extension: Type.String(), reason: Type.Union([Type.Literal('not-found'), Type.Literal('unreachable'), Type.Literal('external'), Type.Literal('clash')]), message: Type.String() }),
      {
        description:
          'Extensions that cannot be installed now (not offered, catalogue unreachable, outside download only, or a file of its name already in the folder); while any is listed, applying is refused',
      },
    ),
    suggests_new_world: Type.Boolean(),
  },
  { $id: 'SetupPreview' },
);

export const SetupParamsSchema = Type.Object({ id: Type.String(), setup: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) });

export const ApplySetupBodySchema = Type.Object({ reset_world: Type.Boolean() }, { additionalProperties: false });
