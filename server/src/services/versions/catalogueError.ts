import { CatalogueNotFoundError, CatalogueUnavailableError } from '../../games/catalogue/types';
import { upstreamFailed, ValidationError } from '../../lib/errors';

/** A catalogue failure as an API answer: unreachable → 502 with the reason; unknown → 422 on its field. */
export function catalogueError(error: unknown): never {
  if (error instanceof CatalogueUnavailableError) throw upstreamFailed(`${error.message} Try again later.`, error);
  if (error instanceof CatalogueNotFoundError) throw new ValidationError({ [error.field]: [error.message] });
  throw error;
}
