import { Space, Typography } from 'antd';
import type { GetServerPlayersApiResponse } from '../../../api/generated/players.gen';
import { PlayerHead } from '../PlayerHead';

/** The players overview the page shows: who is online, the whitelist, operators and bans. */
export type PlayersOverview = GetServerPlayersApiResponse['data'];

/**
 * Runs one change and reports whether it worked; a failure's message stays on the page, unless a
 * 422 names only `fields` the calling form shows under its own fields.
 */
export type RunChange = (change: () => Promise<unknown>, fields?: readonly string[]) => Promise<boolean>;

/** What every section of the players page is given. */
export interface PlayerSectionProps {
  serverId: string;
  players: PlayersOverview;
  /** Whether the user holds players.manage (the forms and row actions show only then). */
  canManage: boolean;
  run: RunChange;
}

/** A player's head and name. */
export function PlayerNameCell({ name, uuid }: { name: string; uuid: string }) {
  return (
    <Space>
      <PlayerHead uuid={uuid} name={name} />
      <span>{name}</span>
    </Space>
  );
}

/** A player's UUID, copyable. */
export function PlayerUuidCell({ uuid }: { uuid: string }) {
  return (
    <Typography.Text type="secondary" copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {uuid}
    </Typography.Text>
  );
}
