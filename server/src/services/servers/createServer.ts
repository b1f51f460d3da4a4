import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { plans, servers, serverTemplates, type ServerRow } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import type { Database } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit } from '../audit/audit';
import type { ProvisioningContext } from './ProvisioningContext';
import type { TemplateDefinition } from '../../games/templates';
import { checkVariable, englishRules } from '../templates/checkVariable';
import { templateOfRow } from '../templates/templateOfRow';
import { findNodeRow } from '../nodes/nodeAdmin';
import { placeServer } from '../nodes/placement';

export interface CreateServerInput {
  name: string;
  description?: string;
  owner: UserRow;
  template: string;
  plan: string;
  variables?: Record<string, string>;
  externalId?: string | null;
  /** Start the server once installed. */
  startOnCompletion?: boolean;
  /** The node to create it on (name, uuid or id); placed on the least used node that has room when absent. */
  node?: string;
  /** Only nodes of this location when the panel places it. */
  location?: string;
}

/** Checks and completes the template variables: known keys, allowed values, generated secrets. */
function resolveVariables(template: TemplateDefinition, given: Record<string, string>): Record<string, string> {
  const errors: Record<string, string[]> = {};
  const out: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    if (!template.variables.some((v) => v.key === key)) errors[`variables.${key}`] = ['This template has no such variable'];
  }
  for (const variable of template.variables) {
    const value = given[variable.key] ?? (variable.generate === 'secret' ? randomBytes(12).toString('hex') : variable.default);
    const messages = checkVariable(variable, value, englishRules);
    if (messages.length > 0) errors[`variables.${variable.key}`] = messages;
    out[variable.key] = value;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

/**
 * Creates a server on the node asked for (or where placement puts it): checks the template and plan, picks free ports, stores it
 * and starts its install in the background (install_failed with the reason if a step fails).
 */
export async function createServer(context: ProvisioningContext, input: CreateServerInput): Promise<ServerRow> {
  const { db, runtime } = context;
  const [templateRow] = await db.select().from(serverTemplates).where(eq(serverTemplates.slug, input.template));
  const template = templateRow ? templateOfRow(templateRow) : undefined;
  const [plan] = await db.select().from(plans).where(eq(plans.slug, input.plan));
  const errors: Record<string, string[]> = {};
  if (!templateRow || !template) errors.template = ['Unknown template'];
  if (!plan) errors.plan = ['Unknown plan'];
  else if (templateRow && plan.gameId !== templateRow.gameId) errors.plan = ['This plan is for another game'];
  const chosen = input.node === undefined ? undefined : await findNodeRow(db, input.node);
  if (chosen === null) errors.node = ['Unknown node'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const variables = resolveVariables(template!, input.variables ?? {});

  const insert = async (tx: Database, nodeId: number): Promise<ServerRow> => {
    for (let attempt = 0; ; attempt++) {
      const uuid = randomUUID();
      try {
        // A savepoint: a failed insert must not end the placement's transaction.
        return await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(servers)
            .values({
              uuid,
              shortId: uuid.slice(0, 8),
              name: input.name,
              description: input.description ?? '',
              externalId: input.externalId ?? null,
              ownerId: input.owner.id,
              templateId: templateRow.id,
              planId: plan.id,
              nodeId,
              variables,
              installStatus: 'installing',
            })
            .returning();
          return row;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint?.includes('external_id')) throw new ValidationError({ external_id: ['Another server has this external id'] });
        // A short id collision (8 hex characters) is rare; a new uuid resolves it.
        if (!constraint?.includes('short_id') || attempt >= 5) throw error;
      }
    }
  };
  const { server, node } = await placeServer(context, { plan, location: input.location, node: chosen ?? undefined, ports: [null, ...template!.extraPorts] }, (tx, target) => insert(tx, target.id));
  await recordAudit(db, { actorId: null, serverUuid: server.uuid, event: 'server.created', ip: null, properties: { template: input.template, plan: input.plan, node: node.name } });
  void runtime.install(server, { startOnCompletion: input.startOnCompletion ?? false });
  return server;
}
