import { eq } from 'drizzle-orm';
import { nodes, servers, type ServerTransferRow } from '../../../db/schema';
import { recordAudit } from '../../audit/audit';
import { rollBackTransfer, type StrayCopies, type TransferContext } from './transferCleanup';
import { saveTransfer, toTransferView } from './transferRecords';

/**
 * Settles one move a stopped panel left unfinished. Not yet switched: the server still belongs to
 * its source, whose copy was never touched, so the move is rolled back (the target's partial copy
 * removed, its ports there given back, the subdomain pointed home). Switched: the target holds the
 * server, so the move is finished (the source's copy removed). Either way the runtime's recovery,
 * which runs next, starts the server where it now lives when it should run.
 */
export async function recoverTransfer(context: TransferContext, strays: StrayCopies, row: ServerTransferRow): Promise<void> {
  const { db, log } = context;
  const [server] = await db.select().from(servers).where(eq(servers.id, row.serverId));
  const [source] = await db.select().from(nodes).where(eq(nodes.id, row.fromNodeId));
  const [target] = await db.select().from(nodes).where(eq(nodes.id, row.toNodeId));
  const view = toTransferView(row, server.uuid, source.name, target.name);
  if (row.switched) {
    await strays.remove(source, server.uuid);
    view.state = 'completed';
    view.step = 'done';
  } else {
    await rollBackTransfer(context, strays, { server, source, target, pointed: row.pointed });
    view.state = 'failed';
    view.error = `The panel stopped during the move; the server stays on ${source.name}.`;
  }
  view.finished_at = new Date().toISOString();
  await saveTransfer(db, row.id, view);
  log.info({ server: server.uuid, from: source.name, to: target.name, outcome: view.state }, 'settled a server transfer the panel had not finished');
  await recordAudit(db, {
    actorId: row.actorId,
    serverUuid: server.uuid,
    event: row.switched ? 'server.transfer.completed' : 'server.transfer.failed',
    ip: row.actorIp,
    properties: row.switched ? { from: source.name, to: target.name, address: view.address } : { from: source.name, to: target.name, error: view.error },
  });
}
