import type { ReactElement } from 'react';
import { ServerLoadFailure } from './ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/** What the gate needs of a query: RTK Query's result, whatever its data. */
interface GateQuery {
  data?: unknown;
  error?: unknown;
  refetch: () => unknown;
}

export interface ServerAreaGateInput {
  title: string;
  /** Whether the user holds the area's read permission (known once the server has loaded). */
  canRead: boolean;
  /** The 403 text shown to a user without it. */
  forbidden: string;
  server: GateQuery;
  /** The area's own overview query, asked once the server is known. */
  overview: GateQuery;
}

/**
 * What a server area shows before its own content: 403 without the read permission, the load
 * failure with a retry of whichever query failed, or a skeleton while either loads. Null once the
 * server and the area's overview are there.
 */
export function serverAreaGate({ title, canRead, forbidden, server, overview }: ServerAreaGateInput): ReactElement | null {
  if (server.data && !canRead) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={forbidden} />
      </ServerPageSection>
    );
  }
  if (!server.data || !overview.data) {
    const failed = server.error ?? overview.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? overview.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }
  return null;
}
