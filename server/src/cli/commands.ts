import { serverApiState } from '../services/nodes/serverApiState';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { servers, serverTemplates } from '../db/schema';
import { createAdminKey, listAdminKeys, revokeAdminKey } from '../services/admin/adminKeys';
import { createServer } from '../services/servers/createServer';
import { requireServer } from '../services/servers/findServer';
import { requireUser } from '../services/users/findUser';
import type { ProvisioningContext } from '../services/servers/ProvisioningContext';
import { changeServerPlan, deleteServer, suspendServer, unsuspendServer } from '../services/servers/serverOperations';
import { createPanelUser, deletePanelUser, setUserSuspended } from '../services/users/userOperations';
import { listAccountDeletions } from '../services/users/deleteOwnAccount';
import { loadServerViews } from '../services/servers/serverView';
import { HttpError } from '../lib/errors';
import { deleteDatabaseHost, listDatabaseHosts, registerDatabaseHost, requireDatabaseHost } from '../services/databases/databaseHosts';
import { databaseHostJson } from '../services/databases/hostView';
import { createPlan, deletePlan, listAllPlans, updatePlan, type PlanFields } from '../services/plans/planAdmin';
import type { ParsedArgs } from './parseArgs';
import { nodeCommands } from './nodeCommands';
import { templateCommands } from './templateCommands';

/** One `npm run panel -- <name>` command. Results are printed as JSON. */
export interface CliCommand {
  usage: string;
  description: string;
  run(context: ProvisioningContext, args: ParsedArgs): Promise<unknown>;
}

function required(args: ParsedArgs, name: string): string {
  const value = args.options[name];
  if (typeof value !== 'string' || value === '') throw new HttpError(422, `--${name} is required.`);
  return value;
}

/** `--memory-mb 2048` and friends as plan fields; a number option that is not a number is a 422. */
function planFields(args: ParsedArgs): PlanFields {
  const fields: Record<string, string | number> = {};
  const texts = ['slug', 'game', 'tier', 'name', 'currency'];
  const numbers = ['memory-mb', 'cpu-percent', 'disk-mb', 'backups', 'databases', 'extra-ports', 'price-monthly', 'display-order'];
  for (const [option, value] of Object.entries(args.options)) {
    if (typeof value !== 'string') continue;
    const key = option.replace(/-/g, '_');
    if (texts.includes(option)) fields[key] = value;
    else if (numbers.includes(option)) {
      if (!/^\d+$/.test(value)) throw new HttpError(422, `--${option} must be a whole number.`);
      fields[key] = Number(value);
    }
  }
  return fields as PlanFields;
}

function positional(args: ParsedArgs, index: number, what: string): string {
  const value = args.positionals[index];
  if (!value) throw new HttpError(422, `Missing ${what}.`);
  return value;
}

const userJson = (u: { uuid: string; username: string; email: string; rootAdmin: boolean; suspended: boolean }) => ({
  uuid: u.uuid,
  username: u.username,
  email: u.email,
  root_admin: u.rootAdmin,
  suspended: u.suspended,
});

async function serverJson(context: ProvisioningContext, id: number) {
  const [view] = await loadServerViews(context.db, eq(servers.id, id));
  const s = view.server;
  return {
    uuid: s.uuid,
    identifier: s.shortId,
    external_id: s.externalId,
    name: s.name,
    owner: view.owner.username,
    template: view.template.slug,
    plan: view.plan.slug,
    address: view.allocation ? `${view.node.publicHost}:${view.allocation.port}` : null,
    state: serverApiState(context.runtime, s, context.transfers),
    install_status: s.installStatus,
    install_error: s.installError,
    suspended: s.suspended,
  };
}

/** The same operations as the admin API, for operators on the panel's machine. */
export const cliCommands: Record<string, CliCommand> = {
  'admin-key:create': {
    usage: 'admin-key:create [--description TEXT]',
    description: 'Create a key for the admin API (shown once).',
    async run({ db }, args) {
      const { key, row } = await createAdminKey(db, String(args.options.description ?? ''));
      return { key, identifier: row.identifier, note: 'Store the key now: it is not shown again.' };
    },
  },
  'admin-key:list': {
    usage: 'admin-key:list',
    description: 'List admin API keys (identifiers only).',
    async run({ db }) {
      return (await listAdminKeys(db)).map((k) => ({ identifier: k.identifier, description: k.description, created_at: k.createdAt, last_used_at: k.lastUsedAt, revoked_at: k.revokedAt }));
    },
  },
  'admin-key:revoke': {
    usage: 'admin-key:revoke IDENTIFIER',
    description: 'Revoke an admin API key.',
    async run({ db }, args) {
      if (!(await revokeAdminKey(db, positional(args, 0, 'key identifier')))) throw new HttpError(404, 'No active key with that identifier.');
      return { revoked: true };
    },
  },
  'users:create': {
    usage: 'users:create --username NAME --email EMAIL [--password PASSWORD] [--name-first X] [--name-last Y] [--admin]',
    description: 'Create a user (a random password is generated and shown when none is given).',
    async run(context, args) {
      const generated = args.options.password === undefined ? randomBytes(12).toString('base64url') : null;
      const user = await createPanelUser(context, {
        username: required(args, 'username').toLowerCase(),
        email: required(args, 'email').toLowerCase(),
        password: generated ?? String(args.options.password),
        nameFirst: args.options['name-first'] === undefined ? undefined : String(args.options['name-first']),
        nameLast: args.options['name-last'] === undefined ? undefined : String(args.options['name-last']),
        rootAdmin: args.options.admin === true,
      });
      return { ...userJson(user), ...(generated ? { password: generated } : {}) };
    },
  },
  'users:show': { usage: 'users:show USER', description: 'Show a user (uuid, username or email).', run: async ({ db }, args) => userJson(await requireUser(db, positional(args, 0, 'user'))) },
  'users:suspend': {
    usage: 'users:suspend USER',
    description: 'Suspend a user (their sessions end at once).',
    run: async (context, args) => userJson(await setUserSuspended(context, await requireUser(context.db, positional(args, 0, 'user')), true)),
  },
  'users:unsuspend': {
    usage: 'users:unsuspend USER',
    description: 'Lift a user’s suspension.',
    run: async (context, args) => userJson(await setUserSuspended(context, await requireUser(context.db, positional(args, 0, 'user')), false)),
  },
  'users:delete': {
    usage: 'users:delete USER',
    description: 'Delete a user who owns no servers.',
    async run(context, args) {
      await deletePanelUser(context, await requireUser(context.db, positional(args, 0, 'user')));
      return { deleted: true };
    },
  },
  'users:deleted': {
    usage: 'users:deleted',
    description: 'List accounts their owners deleted (uuid, when, servers deleted, shares ended).',
    run: async ({ db }) => listAccountDeletions(db),
  },
  'servers:create': {
    usage: 'servers:create --owner USER --template SLUG --plan SLUG --name NAME [--description TEXT] [--external-id ID] [--var KEY=VALUE]... [--start] [--node NODE | --location LOCATION]',
    description: 'Create a server and install it (waits for the install); without --node it goes to the least used node with room (of LOCATION when given).',
    async run(context, args) {
      const variables: Record<string, string> = {};
      for (const pair of args.vars) {
        const at = pair.indexOf('=');
        if (at < 1) throw new HttpError(422, `--var needs KEY=VALUE, got "${pair}".`);
        variables[pair.slice(0, at)] = pair.slice(at + 1);
      }
      const server = await createServer(context, {
        name: required(args, 'name'),
        description: args.options.description === undefined ? undefined : String(args.options.description),
        owner: await requireUser(context.db, required(args, 'owner')),
        template: required(args, 'template'),
        plan: required(args, 'plan'),
        variables,
        externalId: args.options['external-id'] === undefined ? null : String(args.options['external-id']),
        startOnCompletion: args.options.start === true,
        node: typeof args.options.node === 'string' ? args.options.node : undefined,
        location: typeof args.options.location === 'string' ? args.options.location : undefined,
      });
      await context.runtime.waitForInstall(server.uuid);
      return serverJson(context, server.id);
    },
  },
  'servers:transfer': {
    usage: 'servers:transfer SERVER --node NODE',
    description: 'Move a server to another node (waits for the move; the server is whole on its old node if it fails).',
    async run(context, args) {
      if (!context.transfers) throw new HttpError(409, 'Moving a server needs the running panel: start it, then run this again.');
      const server = await requireServer(context.db, positional(args, 0, 'server'));
      await context.transfers.start(server, required(args, 'node'), { userId: null, ip: null, via: 'cli' });
      while (context.transfers.isTransferring(server.uuid)) await new Promise((resolve) => setTimeout(resolve, 250));
      const transfer = (await context.transfers.view(server))!;
      if (transfer.state === 'failed') throw new HttpError(409, `The move failed; the server is whole on node ${transfer.from}: ${transfer.error}`);
      return transfer;
    },
  },
  'servers:list': {
    usage: 'servers:list',
    description: 'List every server.',
    async run(context) {
      const views = await loadServerViews(context.db, undefined);
      return Promise.all(views.map((v) => serverJson(context, v.server.id)));
    },
  },
  'servers:show': {
    usage: 'servers:show SERVER',
    description: 'Show a server (short id, uuid or external id).',
    run: async (c, a) => serverJson(c, (await requireServer(c.db, positional(a, 0, 'server'))).id),
  },
  'servers:suspend': {
    usage: 'servers:suspend SERVER',
    description: 'Suspend a server (it is stopped and cannot be started).',
    run: async (c, a) => serverJson(c, (await suspendServer(c, await requireServer(c.db, positional(a, 0, 'server')))).id),
  },
  'servers:unsuspend': {
    usage: 'servers:unsuspend SERVER',
    description: 'Lift a server’s suspension.',
    run: async (c, a) => serverJson(c, (await unsuspendServer(c, await requireServer(c.db, positional(a, 0, 'server')))).id),
  },
  'servers:plan': {
    usage: 'servers:plan SERVER PLAN',
    description: 'Move a server to another plan of its game.',
    run: async (c, a) => serverJson(c, (await changeServerPlan(c, await requireServer(c.db, positional(a, 0, 'server')), positional(a, 1, 'plan'))).id),
  },
  'servers:delete': {
    usage: 'servers:delete SERVER',
    description: 'Delete a server with its files.',
    async run(context, args) {
      await deleteServer(context, await requireServer(context.db, positional(args, 0, 'server')));
      return { deleted: true };
    },
  },
  'plans:list': {
    usage: 'plans:list',
    description: 'List plans with their limits and prices, by game and display order.',
    run: async ({ db }) => listAllPlans(db),
  },
  'plans:create': {
    usage:
      'plans:create --slug SLUG --game GAME --tier budget|premium --name NAME --memory-mb N --cpu-percent N --disk-mb N --price-monthly CENTS [--backups N] [--databases N] [--extra-ports N] [--currency EUR] [--display-order N]',
    description: 'Create a plan (several plans per game and tier make a ladder).',
    run: async ({ db }, args) => createPlan(db, planFields(args)),
  },
  'plans:update': {
    usage:
      'plans:update SLUG [--name NAME] [--tier budget|premium] [--memory-mb N] [--cpu-percent N] [--disk-mb N] [--backups N] [--databases N] [--extra-ports N] [--price-monthly CENTS] [--currency EUR] [--display-order N] [--slug NEW]',
    description: 'Change a plan’s price, limits, order, tier or name.',
    run: async ({ db }, args) => updatePlan(db, positional(args, 0, 'plan'), planFields(args)),
  },
  'plans:delete': {
    usage: 'plans:delete SLUG',
    description: 'Delete a plan no server uses.',
    async run({ db }, args) {
      await deletePlan(db, positional(args, 0, 'plan'));
      return { deleted: true };
    },
  },
  'database-hosts:create': {
    usage: 'database-hosts:create --name NAME --host ADDRESS [--port 3306] --username ADMIN --password PASSWORD [--node local]',
    description: 'Register a MariaDB/MySQL host for customers’ databases (the panel connects first; the password is stored encrypted).',
    async run(context, args) {
      const port = args.options.port === undefined ? undefined : Number(args.options.port);
      const text = (name: string) => (typeof args.options[name] === 'string' ? (args.options[name] as string) : '');
      const view = await registerDatabaseHost(context, {
        name: text('name'),
        host: text('host'),
        port,
        username: text('username'),
        password: text('password'),
        node: args.options.node === undefined ? undefined : text('node'),
      });
      return databaseHostJson(view);
    },
  },
  'database-hosts:list': {
    usage: 'database-hosts:list',
    description: 'List database hosts (never their passwords).',
    run: async ({ db }) => (await listDatabaseHosts(db)).map(databaseHostJson),
  },
  'database-hosts:show': {
    usage: 'database-hosts:show HOST',
    description: 'Show a database host (name or uuid).',
    run: async ({ db }, a) => databaseHostJson(await requireDatabaseHost(db, positional(a, 0, 'database host'))),
  },
  'database-hosts:delete': {
    usage: 'database-hosts:delete HOST',
    description: 'Remove a database host that holds no customers’ databases.',
    async run({ db }, args) {
      await deleteDatabaseHost(db, positional(args, 0, 'database host'));
      return { deleted: true };
    },
  },
  'templates:list': {
    usage: 'templates:list',
    description: 'List server templates.',
    async run({ db }) {
      return db.select({ slug: serverTemplates.slug, name: serverTemplates.name }).from(serverTemplates).orderBy(serverTemplates.id);
    },
  },
  ...nodeCommands,
  ...templateCommands,
};
