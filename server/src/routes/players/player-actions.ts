import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { changePlayers, playersOverview, type PlayerChange } from '../../services/players/playerLists';
import { ServerParamsSchema } from '../../schemas/servers';
import {
  BanBodySchema,
  IpBanBodySchema,
  IpParamsSchema,
  KickBodySchema,
  NameBodySchema,
  OpBodySchema,
  PlayerNameParamsSchema,
  WhitelistEnabledBodySchema,
  type PlayersOverviewJson,
} from '../../schemas/players';

interface ActionSpec {
  method: 'post' | 'delete' | 'put';
  url: string;
  operationId: string;
  summary: string;
  params: TSchema;
  body?: TSchema;
  change: (request: FastifyRequest) => PlayerChange;
}

type Params = { name?: string; ip?: string };

const actions: ActionSpec[] = [
  {
    method: 'post',
    url: '/:id/players/kick',
    operationId: 'kickServerPlayer',
    summary: 'Kick a player who is online, with a reason',
    params: ServerParamsSchema,
    body: KickBodySchema,
    change: (r) => ({ type: 'kick', ...(r.body as { name: string; reason?: string }) }),
  },
  {
    method: 'post',
    url: '/:id/players/bans',
    operationId: 'banServerPlayer',
    summary: 'Ban a player (for good, or until expires_at)',
    params: ServerParamsSchema,
    body: BanBodySchema,
    change: (r) => ({ type: 'ban', ...(r.body as { name: string }) }),
  },
  {
    method: 'delete',
    url: '/:id/players/bans/:name',
    operationId: 'pardonServerPlayer',
    summary: 'Lift the ban of a player',
    params: PlayerNameParamsSchema,
    change: (r) => ({ type: 'pardon', name: (r.params as Params).name! }),
  },
  {
    method: 'post',
    url: '/:id/players/ip-bans',
    operationId: 'banServerIp',
    summary: 'Ban an IP address',
    params: ServerParamsSchema,
    body: IpBanBodySchema,
    change: (r) => ({ type: 'ban-ip', ...(r.body as { ip: string }) }),
  },
  {
    method: 'delete',
    url: '/:id/players/ip-bans/:ip',
    operationId: 'pardonServerIp',
    summary: 'Lift the ban of an IP address',
    params: IpParamsSchema,
    change: (r) => ({ type: 'pardon-ip', ip: (r.params as Params).ip! }),
  },
  {
    method: 'post',
    url: '/:id/players/ops',
    operationId: 'opServerPlayer',
    summary: 'Make a player an operator (level 1–4)',
    params: ServerParamsSchema,
    body: OpBodySchema,
    change: (r) => ({ type: 'op', ...(r.body as { name: string }) }),
  },
  {
    method: 'delete',
    url: '/:id/players/ops/:name',
    operationId: 'deopServerPlayer',
    summary: 'Take operator rights away',
    params: PlayerNameParamsSchema,
    change: (r) => ({ type: 'deop', name: (r.params as Params).name! }),
  },
  {
    method: 'post',
    url: '/:id/players/whitelist',
    operationId: 'addServerWhitelistPlayer',
    summary: 'Add a player to the whitelist',
    params: ServerParamsSchema,
    body: NameBodySchema,
    change: (r) => ({ type: 'whitelist-add', ...(r.body as { name: string }) }),
  },
  {
    method: 'delete',
    url: '/:id/players/whitelist/:name',
    operationId: 'removeServerWhitelistPlayer',
    summary: 'Remove a player from the whitelist',
    params: PlayerNameParamsSchema,
    change: (r) => ({ type: 'whitelist-remove', name: (r.params as Params).name! }),
  },
  {
    method: 'put',
    url: '/:id/players/whitelist/enabled',
    operationId: 'setServerWhitelistEnabled',
    summary: 'Turn the whitelist on or off',
    params: ServerParamsSchema,
    body: WhitelistEnabledBodySchema,
    change: (r) => ({ type: 'whitelist-enabled', enabled: (r.body as { enabled: boolean }).enabled }),
  },
];

/**
 * The player actions. Each answers the players overview after the change. While the server runs
 * the change goes through the game (applies at once; the game writes its files); while it is
 * stopped the vanilla files are written atomically. Needs players.manage; audited.
 */
export async function playerActionRoutes(app: FastifyInstance): Promise<void> {
  for (const action of actions) {
    app.withTypeProvider<TypeBoxTypeProvider>().route({
      method: action.method.toUpperCase() as 'POST' | 'DELETE' | 'PUT',
      url: action.url,
      schema: {
        operationId: action.operationId,
        tags: ['players'],
        summary: action.summary,
        description:
          'Names outside [A-Za-z0-9_]{3,16} → 422. A player or address the list does not hold (or a kick of someone offline) → 404; a duplicate → 409; 409 while the server starts or stops. Online-mode names are resolved through Mojang’s profile API (502 when unreachable). Needs players.manage.',
        security: [{ bearer: [] }],
        params: action.params,
        ...(action.body ? { body: action.body } : {}),
        response: { 200: Type.Object({ data: Type.Unsafe<PlayersOverviewJson>(Type.Ref('PlayersOverview')) }), ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'players.manage' },
      handler: async (request) => {
        const server = request.serverAccess!.server;
        await changePlayers(app, server, action.change(request), { userId: request.user!.id, ip: request.ip, username: request.user!.username });
        return { data: await playersOverview(app, server) };
      },
    });
  }
}
