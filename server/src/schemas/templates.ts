import { Type, type Static } from 'typebox';

/** An image a template offers: its label (Java 17) and name. */
export const TemplateImageSchema = Type.Object({ label: Type.String(), image: Type.String() });

/** A template variable as the host sees it. */
export const TemplateVariableSchema = Type.Object({
  env_variable: Type.String(),
  name: Type.String(),
  description: Type.String(),
  default_value: Type.String(),
  user_viewable: Type.Boolean(),
  user_editable: Type.Boolean(),
  rules: Type.Array(Type.String(), { description: 'Laravel rules (an egg’s); a built-in template’s pattern shows as regex:' }),
});

/** A server template, built in or imported from an egg. */
export const TemplateSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  game: Type.String(),
  name: Type.String(),
  description: Type.String(),
  source: Type.Union([
    Type.Object({ kind: Type.Literal('egg'), format: Type.String(), url: Type.Union([Type.String(), Type.Null()]), author: Type.String(), imported_at: Type.String() }),
    Type.Null(),
  ]),
  startup: Type.String(),
  images: Type.Array(TemplateImageSchema),
  image_map: Type.Record(Type.String(), Type.String(), { description: 'Images the host runs instead of the ones the template names' }),
  variables: Type.Array(TemplateVariableSchema),
  ignored: Type.Array(Type.String(), { description: 'Parts of the egg the panel keeps but does not apply' }),
});
export type TemplateJson = Static<typeof TemplateSchema>;

export const ImportTemplateQuerySchema = Type.Object({
  game: Type.Optional(Type.String({ description: 'The game the egg is for (minecraft, rust …); guessed from the egg when absent' })),
  preview: Type.Optional(Type.Boolean({ description: 'true: answer what the import would make (200, `saved: false`) and write nothing' })),
});

/** What an import (or its preview) answers: the template, whether it is (or would be) new, whether it was written. */
export const ImportTemplateAnswerSchema = Type.Object({
  data: Type.Object({
    template: TemplateSchema,
    created: Type.Boolean({ description: 'A new template (false: it updates the one an earlier import of this egg made)' }),
    saved: Type.Boolean({ description: 'false for a preview: nothing was written' }),
  }),
});

export const ImportTemplateBodySchema = Type.Union([
  Type.Object({ url: Type.String({ maxLength: 2048 }), game: Type.Optional(Type.String()) }, { additionalProperties: false }),
  Type.Object({ meta: Type.Object({ version: Type.String() }, { additionalProperties: true }) }, { additionalProperties: true, description: 'The egg itself (JSON)' }),
  Type.String({ description: 'The egg file as YAML or JSON text (Content-Type text/yaml or text/plain)' }),
]);

export const TemplateParamsSchema = Type.Object({ template: Type.String({ maxLength: 48, description: 'Slug or id' }) });

export const MapTemplateImagesBodySchema = Type.Object(
  { images: Type.Record(Type.String({ maxLength: 255 }), Type.String({ maxLength: 255 }), { description: 'Egg image → the host’s image; an empty value removes the mapping' }) },
  { additionalProperties: false },
);

/** A server's startup as its customer sees it. */
export const StartupSchema = Type.Object({
  command: Type.String({ description: 'The startup command as the template writes it ({{VARIABLE}} placeholders)' }),
  expanded: Type.String({ description: 'The command with the server’s values filled in (hidden variables as ••••)' }),
  variables: Type.Array(
    Type.Object({
      env_variable: Type.String(),
      name: Type.String(),
      description: Type.String(),
      value: Type.String(),
      default_value: Type.String(),
      rules: Type.Array(Type.String()),
      editable: Type.Boolean(),
    }),
  ),
  images: Type.Array(TemplateImageSchema),
  image: Type.Union([Type.String(), Type.Null()], { description: 'The image the server runs in (null: the template names none)' }),
  startup_commands: Type.Array(Type.Object({ name: Type.String(), command: Type.String() }), {
    description: 'The named startup commands to choose from (an egg’s startup_commands); empty when the template has one command',
  }),
  startup_command: Type.Union([Type.String(), Type.Null()], { description: 'The name of the startup command the server runs (null: the template has one command)' }),
});

export const UpdateStartupBodySchema = Type.Object(
  {
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 4096 }))),
    image: Type.Optional(Type.String({ maxLength: 255 })),
    startup_command: Type.Optional(Type.String({ maxLength: 64, description: 'The name of one of the template’s startup commands' })),
  },
  { additionalProperties: false },
);
