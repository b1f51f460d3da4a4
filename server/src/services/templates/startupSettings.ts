import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servers, type ServerRow } from '../../db/schema';
import { renderPlaceholders } from '../../games/templates/shellQuote';
import type { TemplateDefinition } from '../../games/templates';
import { HttpError, ValidationError } from '../../lib/errors';
import { variableValues } from '../../runtime/buildServerSpec';
import { recordAudit, type Actor } from '../audit/audit';
import { mailLanguage } from '../mail/mailTranslator';
import { limitsOf, loadServerContext } from '../servers/loadServerContext';
import { checkVariable } from './checkVariable';
import { imagesOf } from './templateOfRow';

/** A server's startup as its customer sees it (GET /servers/{id}/startup). */
export interface StartupView {
  command: string;
  expanded: string;
  variables: { env_variable: string; name: string; description: string; value: string; default_value: string; rules: string[]; editable: boolean }[];
  images: { label: string; image: string }[];
  image: string | null;
  startup_commands: { name: string; command: string }[];
  startup_command: string | null;
}

export interface StartupChange {
  variables?: Record<string, string>;
  image?: string;
  /** The name of one of the template's startup commands. */
  startupCommand?: string;
}

/** The named startup commands a server may choose from (none when the template has only one). */
const commandsOf = (template: TemplateDefinition) => ((template.startupCommands?.length ?? 0) > 1 ? template.startupCommands! : []);

const viewable = (template: TemplateDefinition) => template.variables.filter((variable) => variable.userViewable !== false);

/** Values of the panel's own placeholders, as a customer reads them (not the node's paths). */
function shownValues(template: TemplateDefinition, server: ServerRow, memoryMb: number, port: number, ip: string): Record<string, string> {
  const values = variableValues(template, server.variables);
  // Values the customer may not see stay hidden in the expanded command too.
  for (const variable of template.variables) if (variable.userViewable === false) values[variable.key] = '••••';
  return {
    ...values,
    SERVER_MEMORY: String(memoryMb),
    SERVER_PORT: String(port),
    SERVER_IP: ip,
    NODE_HEAP_MB: String(Math.max(64, Math.floor(memoryMb * 0.75))),
    NODE: 'node',
    LAUNCHERS: 'launchers',
    ROOT: '.',
  };
}

/** The startup command as written and filled in, the variables the customer may see, the images offered and chosen. */
export async function startupOf(db: Database, server: ServerRow): Promise<StartupView> {
  const context = await loadServerContext(db, server);
  const { template } = context;
  const offered = imagesOf(template);
  const values = shownValues(template, server, limitsOf(context.plan).memoryMb, context.primary.port, context.primary.ip);
  return {
    command: template.startCommand,
    expanded: renderPlaceholders(template.startCommand, values),
    variables: viewable(template).map((variable) => ({
      env_variable: variable.key,
      name: variable.name,
      description: variable.description,
      value: server.variables[variable.key] ?? variable.default,
      default_value: variable.default,
      rules: variable.rules ?? [`regex:/${variable.pattern}/`],
      editable: variable.userEditable,
    })),
    images: offered,
    image: offered.find((candidate) => candidate.image === server.image)?.image ?? offered[0]?.image ?? null,
    startup_commands: commandsOf(template),
    startup_command: commandsOf(template).length > 0 ? (commandsOf(template).find((c) => c.name === server.startupCommand) ?? commandsOf(template)[0]).name : null,
  };
}

/**
 * Changes a server's variables and image: every value is checked by its variable's rules (the
 * messages in the account's language, keyed `variables.ENV_NAME`); a variable the customer cannot
 * see or edit is refused, as is an image the template does not offer. Nothing changes unless all
 * of it is fine. The new values apply at the next start (the image and the startup command too; a
 * reinstall runs the install again).
 */
export async function updateStartup(db: Database, server: ServerRow, change: StartupChange, actor: Actor & { language: string }): Promise<StartupView> {
  const context = await loadServerContext(db, server);
  const { template } = context;
  const { t } = await mailLanguage(actor.language);
  const errors: Record<string, string[]> = {};
  const next = { ...server.variables };
  for (const [key, value] of Object.entries(change.variables ?? {})) {
    const variable = viewable(template).find((candidate) => candidate.key === key);
    if (!variable) errors[`variables.${key}`] = [t('startup.errors.unknownVariable', 'This server has no such variable')];
    else if (!variable.userEditable) errors[`variables.${key}`] = [t('startup.errors.notEditable', 'This variable cannot be changed')];
    else {
      const messages = checkVariable(variable, value, t);
      if (messages.length > 0) errors[`variables.${key}`] = messages;
      else next[key] = value;
    }
  }
  if (change.image !== undefined && !imagesOf(template).some((offered) => offered.image === change.image))
    errors.image = [t('startup.errors.unknownImage', 'Choose one of the images this game offers')];
  if (change.startupCommand !== undefined && !commandsOf(template).some((command) => command.name === change.startupCommand))
    errors.startup_command = [t('startup.errors.unknownCommand', 'Choose one of the startup commands this game offers')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (server.installStatus === 'installing') throw new HttpError(409, 'The server is being installed: change its startup when the install has ended.');
  const changedVariables = Object.keys(change.variables ?? {}).filter((key) => server.variables[key] !== next[key]);
  const [updated] = await db
    .update(servers)
    .set({
      variables: next,
      ...(change.image !== undefined ? { image: change.image } : {}),
      ...(change.startupCommand !== undefined ? { startupCommand: change.startupCommand } : {}),
      updatedAt: new Date(),
    })
    .where(eq(servers.id, server.id))
    .returning();
  if (changedVariables.length > 0) {
    await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.startup.variables-updated', ip: actor.ip, properties: { variables: changedVariables } });
  }
  if (change.image !== undefined && change.image !== server.image) {
    await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.startup.image-changed', ip: actor.ip, properties: { image: change.image } });
  }
  if (change.startupCommand !== undefined && change.startupCommand !== (server.startupCommand ?? commandsOf(template)[0]?.name)) {
    await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.startup.command-changed', ip: actor.ip, properties: { command: change.startupCommand } });
  }
  return startupOf(db, updated);
}
