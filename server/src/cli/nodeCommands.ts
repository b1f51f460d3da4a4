import { HttpError } from '../lib/errors';
import { createNode, deleteNode, listNodes, requireNode, updateNode, type NodeActor } from '../services/nodes/nodeAdmin';
import type { NodeInput } from '../services/nodes/nodeInput';
import { nodeJson } from '../services/nodes/nodeView';
import type { CliCommand } from './commands';
import type { ParsedArgs } from './parseArgs';

/** The operator on the panel's machine, for the audit log. */
const cliActor: NodeActor = { userId: null, ip: null, via: 'cli' };

function text(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === 'string' ? value : value === true ? '' : undefined;
}

/** `--memory-mb 2048` as a number (anything else is passed on for the service to refuse per field). */
function size(args: ParsedArgs, name: string): unknown {
  const value = text(args, name);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : value;
}

function positional(args: ParsedArgs, index: number, what: string): string {
  const value = args.positionals[index];
  if (!value) throw new HttpError(422, `Missing ${what}.`);
  return value;
}

/** The node fields of `nodes:add`'s options (the certificates come read from their files by cli.ts). */
function nodeInput(args: ParsedArgs): NodeInput {
  const [ca, cert, key] = ['tls-ca-pem', 'tls-cert-pem', 'tls-key-pem'].map((name) => text(args, name));
  return {
    name: text(args, 'name'),
    location: text(args, 'location'),
    driver: text(args, 'driver'),
    docker_host: text(args, 'docker-host'),
    tls: ca !== undefined || cert !== undefined || key !== undefined ? { ca, cert, key } : undefined,
    public_host: text(args, 'public-host'),
    port_range: text(args, 'ports'),
    memory_mb: size(args, 'memory-mb'),
    disk_mb: size(args, 'disk-mb'),
  };
}

/** `nodes:*`: the admin API's node operations for operators on the panel's machine. */
export const nodeCommands: Record<string, CliCommand> = {
  'nodes:add': {
    usage:
      'nodes:add --name NAME --driver docker --docker-host unix:///var/run/docker.sock|tcp://HOST:PORT [--tls-ca F --tls-cert F --tls-key F] --public-host IP --ports 30000-30099 [--memory-mb N --disk-mb N] [--location L]',
    description: 'Add a node (a machine with Docker Engine); its TLS material is stored encrypted. A node whose engine does not answer is added as offline.',
    run: async (context, args) => nodeJson(await createNode(context, nodeInput(args), cliActor)),
  },
  'nodes:list': {
    usage: 'nodes:list',
    description: 'List nodes with their state (online, offline, maintenance), servers and allocated memory and disk.',
    run: async (context) => (await listNodes(context)).map(nodeJson),
  },
  'nodes:show': {
    usage: 'nodes:show NODE',
    description: 'Show a node (name, uuid or id).',
    run: async (context, args) => nodeJson(await requireNode(context, positional(args, 0, 'node'))),
  },
  'nodes:remove': {
    usage: 'nodes:remove NODE',
    description: 'Remove a node that holds no servers (nothing is removed on the machine).',
    async run(context, args) {
      await deleteNode(context, positional(args, 0, 'node'), cliActor);
      return { removed: true };
    },
  },
  'nodes:maintenance': {
    usage: 'nodes:maintenance NODE on|off',
    description: 'Hold new servers off a node (on) or place them there again (off); its servers keep running.',
    async run(context, args) {
      const mode = positional(args, 1, 'on or off');
      if (mode !== 'on' && mode !== 'off') throw new HttpError(422, 'Say on or off.');
      return nodeJson(await updateNode(context, positional(args, 0, 'node'), { maintenance: mode === 'on' }, cliActor));
    },
  },
};
