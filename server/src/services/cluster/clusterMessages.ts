import { HttpError } from '../../lib/errors';

/** Every key and channel of the panel in Redis starts with this (one Redis may serve other software too). */
export const CLUSTER_PREFIX = 'panel:';

/** A request one panel process hands another (a power action, a console command ...). */
export interface ClusterRequest {
  op: string;
  /** The server it is about (its uuid); the receiver reads the server's row itself. */
  uuid: string;
  args: unknown[];
}

/** How a refusal travels back: its kind names the error class the caller throws again. */
export interface ClusterRefusal {
  kind: string;
  message: string;
  statusCode?: number;
}

/** The answer the caller waits for when the process it asked does not answer. */
export class ClusterUnreachableError extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}
