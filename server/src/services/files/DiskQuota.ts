import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans, type ServerRow } from '../../db/schema';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { DiskQuotaError } from './fileErrors';

const MiB = 1024 * 1024;

/** Bytes an operation may still add; `take` counts them and refuses once over. */
export interface DiskBudget {
  readonly limitBytes: number;
  readonly freeBytes: number;
  /** Counts `bytes` more; throws DiskQuotaError when the total goes over what was free. */
  take(bytes: number): void;
  /** Ends the operation: its bytes are on disk now (or removed) and the next walk counts them. */
  release(): void;
}

/**
 * The plan's disk space, honoured by every change that adds bytes (upload, write, copy, pull,
 * compress, extract). The server's files are measured afresh through the port for each operation
 * (the runtime's cached figure may be seconds old) and bytes being written
 * by operations still running are counted too, so two uploads at once cannot both squeeze into
 * the same free space. Where the server has its own file system the kernel holds the same limit
 * underneath: a write that gets past this check still ends with ENOSPC (answered 507).
 */
export class DiskQuota {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly db: Database) {}

  private async limitBytes(server: ServerRow): Promise<number> {
    const [plan] = await this.db.select({ diskMb: plans.diskMb }).from(plans).where(eq(plans.id, server.planId));
    // A plan without a disk figure (0) sets no limit.
    return plan && plan.diskMb > 0 ? plan.diskMb * MiB : Number.POSITIVE_INFINITY;
  }

  /** Opens a budget for one operation on `server`, whose files are `files`. */
  async open(server: ServerRow, files: ServerFiles): Promise<DiskBudget> {
    const limitBytes = await this.limitBytes(server);
    const used = Number.isFinite(limitBytes) ? await files.diskUsage({ fresh: true }) : 0;
    const freeBytes = limitBytes - used - (this.inFlight.get(server.uuid) ?? 0);
    let taken = 0;
    let open = true;
    const adjust = (delta: number) => {
      const next = (this.inFlight.get(server.uuid) ?? 0) + delta;
      if (next <= 0) this.inFlight.delete(server.uuid);
      else this.inFlight.set(server.uuid, next);
    };
    return {
      limitBytes,
      freeBytes,
      take: (bytes) => {
        if (!open || bytes <= 0) return;
        if (taken + bytes > freeBytes) throw new DiskQuotaError(taken + bytes, freeBytes, limitBytes);
        taken += bytes;
        adjust(bytes);
      },
      release: () => {
        if (!open) return;
        open = false;
        adjust(-taken);
      },
    };
  }

  /** Refuses up front when `bytes` do not fit, then runs `operation` with the budget open. */
  async withBudget<T>(server: ServerRow, files: ServerFiles, operation: (budget: DiskBudget) => Promise<T>): Promise<T> {
    const budget = await this.open(server, files);
    try {
      return await operation(budget);
    } finally {
      budget.release();
    }
  }
}
