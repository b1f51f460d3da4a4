import type { GetServerNetworkApiResponse } from '../../../api/generated/network.gen';

/** The server's network as the page shows it: ports, extra-port limit, zones and subdomain. */
export type NetworkOverview = GetServerNetworkApiResponse['data'];

/**
 * Runs one change and reports whether it worked; a failure's message (or the name service being
 * down) stays on the page until the next change.
 */
export type RunChange = (change: () => Promise<unknown>) => Promise<boolean>;

/** What every section of the network page is given. */
export interface NetworkSectionProps {
  serverId: string;
  network: NetworkOverview;
  /** Whether the user holds allocation.<key> (create, update, delete, subdomain). */
  can: (key: string) => boolean;
  run: RunChange;
}
