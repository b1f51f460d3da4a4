/**
 * The constraint name when the error is a PostgreSQL unique violation (SQLSTATE 23505), else null.
 * Works for node-postgres and PGlite errors, also when Drizzle wraps them in `cause`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      return typeof candidate.detail === 'string' ? candidate.detail : 'unique';
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Whether the error is a PostgreSQL foreign-key refusal: 23503, or 23001 from an ON DELETE RESTRICT
 * key. A row still points at what was being deleted (e.g. someone was given a role meanwhile).
 */
export function foreignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503' || candidate.code === '23001') return true;
    current = candidate.cause;
  }
  return false;
}
