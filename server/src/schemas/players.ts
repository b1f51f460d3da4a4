import { Type, type Static } from 'typebox';

const NAME_PATTERN = '^[A-Za-z0-9_]{3,16}$';

/** A Minecraft player name as vanilla accepts it (422 otherwise). */
export const PlayerNameSchema = Type.String({ pattern: NAME_PATTERN, minLength: 3, maxLength: 16, description: 'Letters, digits and _, 3 to 16 characters' });

const Reason = Type.Optional(Type.String({ maxLength: 256, description: 'Shown to the player' }));

export const PlayersOverviewSchema = Type.Object(
  {
    supported: Type.Boolean(),
    unsupported_reason: Type.Union([Type.String(), Type.Null()]),
    state: Type.String(),
    online_mode: Type.Boolean(),
    max_players: Type.Union([Type.Integer(), Type.Null()]),
    online: Type.Array(Type.Object({ name: Type.String(), uuid: Type.String(), joined_at: Type.String({ format: 'date-time' }) })),
    whitelist: Type.Object({ enabled: Type.Boolean(), entries: Type.Array(Type.Object({ name: Type.String(), uuid: Type.String() })) }),
    ops: Type.Array(Type.Object({ name: Type.String(), uuid: Type.String(), level: Type.Integer(), bypasses_player_limit: Type.Boolean() })),
    bans: Type.Array(
      Type.Object({
        name: Type.String(),
        uuid: Type.String(),
        reason: Type.String(),
        source: Type.String({ description: 'Who banned: "Server" for the console, or a panel user' }),
        created: Type.String({ description: 'As the game writes it: yyyy-MM-dd HH:mm:ss Z' }),
        expires: Type.Union([Type.String(), Type.Null()], { description: 'Null: never' }),
      }),
    ),
    ip_bans: Type.Array(Type.Object({ ip: Type.String(), reason: Type.String(), source: Type.String(), created: Type.String(), expires: Type.Union([Type.String(), Type.Null()]) })),
  },
  { $id: 'PlayersOverview', additionalProperties: false },
);
export type PlayersOverviewJson = Static<typeof PlayersOverviewSchema>;

export const PlayerNameParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 36 }), name: PlayerNameSchema });
export const IpParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 36 }), ip: Type.String({ minLength: 2, maxLength: 45 }) });

export const KickBodySchema = Type.Object({ name: PlayerNameSchema, reason: Reason }, { additionalProperties: false });
export const BanBodySchema = Type.Object(
  { name: PlayerNameSchema, reason: Reason, expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'End of a temporary ban; absent: forever' })) },
  { additionalProperties: false },
);
export const IpBanBodySchema = Type.Object({ ip: Type.String({ minLength: 2, maxLength: 45 }), reason: Reason }, { additionalProperties: false });
export const OpBodySchema = Type.Object({ name: PlayerNameSchema, level: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) }, { additionalProperties: false });
export const NameBodySchema = Type.Object({ name: PlayerNameSchema }, { additionalProperties: false });
export const WhitelistEnabledBodySchema = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

export const SleepSettingsSchema = Type.Object(
  {
    auto_stop_minutes: Type.Union([Type.Integer({ minimum: 5, maximum: 120 }), Type.Null()], { description: 'Stop once nobody has played for this many minutes; null: off' }),
    wake_on_join: Type.Boolean({ description: 'While stopped, the panel answers on the port and a join starts the server' }),
  },
  { additionalProperties: false },
);
export const SleepStatusSchema = Type.Object({
  auto_stop_minutes: Type.Union([Type.Integer(), Type.Null()]),
  wake_on_join: Type.Boolean(),
  sleeping: Type.Boolean({ description: 'The panel is answering on the port right now' }),
});
