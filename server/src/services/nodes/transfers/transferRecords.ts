import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { nodes, serverTransfers, type ServerTransferRow } from '../../../db/schema';

export type TransferStep = 'stopping' | 'copying' | 'switching' | 'starting' | 'done';
export type TransferState = 'running' | 'completed' | 'failed';

/** A transfer as the admin API answers it. */
export interface TransferView {
  server: string;
  from: string;
  to: string;
  state: TransferState;
  step: TransferStep;
  bytes_copied: number;
  bytes_total: number | null;
  /** How far the move got, 0–100 (null while the size of the files is unknown). */
  percent: number | null;
  /** Where players reach the server once moved (host:port). */
  address: string | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** The share of the files copied, 0–100 (null while the size is unknown). */
export function transferPercent(view: Pick<TransferView, 'bytes_copied' | 'bytes_total' | 'step'>): number | null {
  if (view.step === 'starting' || view.step === 'done' || view.step === 'switching') return 100;
  if (!view.bytes_total) return view.step === 'stopping' ? 0 : null;
  return Math.min(100, Math.floor((view.bytes_copied / view.bytes_total) * 100));
}

/** The row as the API answers it, with the names of its two nodes. */
export function toTransferView(row: ServerTransferRow, serverUuid: string, from: string, to: string): TransferView {
  const step = row.step as TransferStep;
  return {
    server: serverUuid,
    from,
    to,
    state: row.state as TransferState,
    step,
    bytes_copied: row.bytesCopied,
    bytes_total: row.bytesTotal,
    percent: transferPercent({ step, bytes_copied: row.bytesCopied, bytes_total: row.bytesTotal }),
    address: row.address,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The server's last move (the one a restart may have to finish or roll back is among the `running` ones). */
export async function lastTransferRow(db: Database, serverId: number): Promise<{ row: ServerTransferRow; from: string; to: string } | null> {
  const [row] = await db.select().from(serverTransfers).where(eq(serverTransfers.serverId, serverId)).orderBy(desc(serverTransfers.id)).limit(1);
  if (!row) return null;
  const named = await db.select({ id: nodes.id, name: nodes.name }).from(nodes);
  const nameOf = (id: number) => named.find((node) => node.id === id)?.name ?? String(id);
  return { row, from: nameOf(row.fromNodeId), to: nameOf(row.toNodeId) };
}

/** Moves that had not ended when the panel stopped. */
export async function unfinishedTransferRows(db: Database): Promise<ServerTransferRow[]> {
  return db.select().from(serverTransfers).where(eq(serverTransfers.state, 'running'));
}

/** Writes what changed of a move (its view and the flags a restart needs). */
export async function saveTransfer(db: Database, id: number, view: TransferView, flags: Partial<Pick<ServerTransferRow, 'pointed' | 'switched' | 'wasRunning'>> = {}): Promise<void> {
  await db
    .update(serverTransfers)
    .set({
      state: view.state,
      step: view.step,
      bytesCopied: view.bytes_copied,
      bytesTotal: view.bytes_total,
      address: view.address,
      error: view.error?.slice(0, 2000) ?? null,
      finishedAt: view.finished_at ? new Date(view.finished_at) : null,
      ...flags,
    })
    .where(eq(serverTransfers.id, id));
}
