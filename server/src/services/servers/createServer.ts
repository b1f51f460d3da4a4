import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { plans, servers, serverTemplates, type ServerRow } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit } from '../audit/audit';
import type { ProvisioningContext } from './ProvisioningContext';
import type { TemplateDefinition } from '../../games/templates';
import { checkVariable, englishRules } from '../templates/checkVariable';
import { templateOfRow } from '../templates/templateOfRow';
import { allocatePorts } from './allocatePorts';
import { localNode } from './syncCatalog';
import { findNodeRow } from '../nodes/nodeAdmin';
import { assertNodeRoom } from '../nodes/nodeUsage';
import { NodeOfflineError } from '../../runtime/nodes/NodeRoutingDriver';
import type { NodeRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/** The node a new server goes to: the one named (it must answer and have room), else the panel's own machine. */
async function chooseNode({ db, runtime }: ProvisioningContext, identifier: string | undefined, plan: { memoryMb: number; diskMb: number }, errors: Record<string, string[]>): Promise<NodeRow | null> {
  if (identifier === undefined) return localNode(db);
  const node = await findNodeRow(db, identifier);
  if (!node) {
    errors.node = ['Unknown node'];
    return null;
  }
  await assertNodeRoom(db, node, plan);
  if (runtime.nodeState(node.id) === 'offline') throw new HttpError(409, new NodeOfflineError(node.name).message);
  return node;
}

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
  /** The node to create it on (name, uuid or id); the panel's own machine when absent. */
  node?: string;
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
 * Creates a server on the node asked for (or the panel's own machine): checks the template and plan, picks free ports, stores it
 * and starts its install in the background (install_failed with the reason if a step fails).
 */
export async function createServer({ db, runtime, config }: ProvisioningContext, input: CreateServerInput): Promise<ServerRow> {
  const [templateRow] = await db.select().from(serverTemplates).where(eq(serverTemplates.slug, input.template));
  const template = templateRow ? templateOfRow(templateRow) : undefined;
  const [plan] = await db.select().from(plans).where(eq(plans.slug, input.plan));
  const errors: Record<string, string[]> = {};
  if (!templateRow || !template) errors.template = ['Unknown template'];
  if (!plan) errors.plan = ['Unknown plan'];
  else if (templateRow && plan.gameId !== templateRow.gameId) errors.plan = ['This plan is for another game'];
  const node = plan ? await chooseNode({ db, runtime, config }, input.node, plan, errors) : null;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const variables = resolveVariables(template!, input.variables ?? {});

  let server: ServerRow | undefined;
  for (let attempt = 0; !server; attempt++) {
    const uuid = randomUUID();
    try {
      [server] = await db
        .insert(servers)
        .values({
          uuid,
          shortId: uuid.slice(0, 8),
          name: input.name,
          description: input.description ?? '',
          externalId: input.externalId ?? null,
          ownerId: input.owner.id,
          templateId: templateRow!.id,
          planId: plan!.id,
          nodeId: node!.id,
          variables,
          installStatus: 'installing',
        })
        .returning();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('external_id')) throw new ValidationError({ external_id: ['Another server has this external id'] });
      // A short id collision (8 hex characters) is rare; a new uuid resolves it.
      if (!constraint?.includes('short_id') || attempt >= 5) throw error;
    }
  }
  try {
    // A container's game listens on all of its addresses; the engine publishes its ports on the node's.
    const ip = node!.driver === 'local' ? config.gameIp : '0.0.0.0';
    const ports = await allocatePorts(db, node!, ip, server.id, [null, ...template!.extraPorts]);
    [server] = await db.update(servers).set({ allocationId: ports[0].id }).where(eq(servers.id, server.id)).returning();
  } catch (error) {
    await db.delete(servers).where(eq(servers.id, server.id));
    throw error;
  }
  await recordAudit(db, { actorId: null, serverUuid: server.uuid, event: 'server.created', ip: null, properties: { template: input.template, plan: input.plan, node: node!.name } });
  void runtime.install(server, { startOnCompletion: input.startOnCompletion ?? false });
  return server;
}
