import { EventEmitter } from 'node:events';

/** The start of a protocol line our launchers print for the panel (never shown to customers). */
export const PANEL_LINE_MARK = '\u001epanel:';

/** A player online, as the game server itself reported them. */
export interface OnlinePlayer {
  name: string;
  uuid: string;
  /** ISO time the player joined. */
  joinedAt: string;
}

type ProtocolEvent =
  { t: 'join'; name: string; uuid: string; joined_at?: string } | { t: 'leave'; name: string; uuid: string } | { t: 'list'; players: { name: string; uuid: string; joined_at?: string }[] };

// Vanilla and Paper log lines (we have no protocol line from them).
const VANILLA_UUID = /\]: UUID of player ([A-Za-z0-9_]{1,16}) is ([0-9a-f-]{36})\s*$/;
const VANILLA_JOIN = /\]: ([A-Za-z0-9_]{1,16}) joined the game\s*$/;
const VANILLA_LEAVE = /\]: ([A-Za-z0-9_]{1,16}) left the game\s*$/;

/**
 * Who is online on each server, from the server itself: protocol lines of our launcher
 * (join/leave/list) or, for the vanilla and Paper servers, their join and leave log lines.
 * Emits `change` (uuid) on every join or leave, and `joined` / `left` with the player.
 */
export class OnlinePlayers extends EventEmitter<{ change: [serverUuid: string]; joined: [serverUuid: string, player: OnlinePlayer]; left: [serverUuid: string, player: OnlinePlayer] }> {
  private readonly byServer = new Map<string, Map<string, OnlinePlayer>>();
  /** Servers whose launcher speaks the protocol: their log lines are not parsed. */
  private readonly protocol = new Set<string>();
  private readonly pendingUuids = new Map<string, Map<string, string>>();

  /** The players online, in join order; null when the server has said nothing yet. */
  list(serverUuid: string): OnlinePlayer[] | null {
    const players = this.byServer.get(serverUuid);
    return players ? [...players.values()] : null;
  }

  /** Whether the server reports players itself (our launcher). */
  speaksProtocol(serverUuid: string): boolean {
    return this.protocol.has(serverUuid);
  }

  /**
   * Takes a console line. Returns true when it was a protocol line, which must not be shown.
   */
  consume(serverUuid: string, line: string): boolean {
    if (line.startsWith(PANEL_LINE_MARK)) {
      this.protocol.add(serverUuid);
      try {
        this.apply(serverUuid, JSON.parse(line.slice(PANEL_LINE_MARK.length)) as ProtocolEvent);
      } catch {
        // a cut or garbled line changes nothing
      }
      return true;
    }
    if (!this.protocol.has(serverUuid)) this.parseLog(serverUuid, line);
    return false;
  }

  /** The server stopped: nobody is online. */
  clear(serverUuid: string): void {
    const had = this.byServer.get(serverUuid)?.size ?? 0;
    this.byServer.delete(serverUuid);
    this.pendingUuids.delete(serverUuid);
    if (had > 0) this.emit('change', serverUuid);
  }

  private players(serverUuid: string): Map<string, OnlinePlayer> {
    let players = this.byServer.get(serverUuid);
    if (!players) this.byServer.set(serverUuid, (players = new Map()));
    return players;
  }

  private apply(serverUuid: string, event: ProtocolEvent): void {
    if (event.t === 'list') {
      const players = new Map<string, OnlinePlayer>();
      for (const p of event.players) players.set(p.uuid, { name: p.name, uuid: p.uuid, joinedAt: p.joined_at ?? new Date().toISOString() });
      this.byServer.set(serverUuid, players);
    } else if (event.t === 'join') {
      const player = { name: event.name, uuid: event.uuid, joinedAt: event.joined_at ?? new Date().toISOString() };
      const known = this.players(serverUuid).has(event.uuid);
      this.players(serverUuid).set(event.uuid, player);
      if (!known) this.emit('joined', serverUuid, player);
    } else if (event.t === 'leave') {
      const player = this.players(serverUuid).get(event.uuid);
      this.players(serverUuid).delete(event.uuid);
      if (player) this.emit('left', serverUuid, player);
    } else return;
    this.emit('change', serverUuid);
  }

  private parseLog(serverUuid: string, line: string): void {
    let match = VANILLA_UUID.exec(line);
    if (match) {
      let pending = this.pendingUuids.get(serverUuid);
      if (!pending) this.pendingUuids.set(serverUuid, (pending = new Map()));
      pending.set(match[1].toLowerCase(), match[2]);
      return;
    }
    if ((match = VANILLA_JOIN.exec(line))) {
      const name = match[1];
      const uuid = this.pendingUuids.get(serverUuid)?.get(name.toLowerCase()) ?? `name:${name.toLowerCase()}`;
      this.apply(serverUuid, { t: 'join', name, uuid });
    } else if ((match = VANILLA_LEAVE.exec(line))) {
      const name = match[1].toLowerCase();
      const entry = [...this.players(serverUuid).values()].find((p) => p.name.toLowerCase() === name);
      if (entry) this.apply(serverUuid, { t: 'leave', name: entry.name, uuid: entry.uuid });
    }
  }
}
