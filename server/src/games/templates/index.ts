import type { TemplateDefinition } from './TemplateDefinition';
import { minecraftFlyingSquid } from './minecraftFlyingSquid';
import { minecraftJava } from './minecraftJava';
import { rust } from './rust';
import { terraria } from './terraria';
import { ark } from './ark';
import { palworld } from './palworld';

export type { GameSlug, TemplateDefinition, TemplateVariable } from './TemplateDefinition';
export { gameNames } from './TemplateDefinition';

/** Every built-in template. The database mirrors this list (synced at start-up). */
export const builtInTemplates: readonly TemplateDefinition[] = [minecraftFlyingSquid, minecraftJava, rust, terraria, ark, palworld];

const extra = new Map<string, TemplateDefinition>();

/**
 * Registers a template that is not built in (tests use tiny ones: a crashing script, a memory
 * hog). Registered templates are synced to the database like the built-in ones.
 */
export function registerTemplate(template: TemplateDefinition): void {
  extra.set(template.slug, template);
}

/** All templates, built-in first. */
export function allTemplates(): TemplateDefinition[] {
  return [...builtInTemplates, ...extra.values()];
}

/** The template with this slug, or undefined. */
export function findTemplate(slug: string): TemplateDefinition | undefined {
  return builtInTemplates.find((t) => t.slug === slug) ?? extra.get(slug);
}
