// The import's transactions: `writeTransaction` (db/dialect) takes the write lock before its reads.
export { writeTransaction } from '../../db/dialect/index.ts';

/** A constraint the checks did not foresee (a user written meanwhile by someone else): retrying smaller pieces can help. */
export function isConstraintError(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : ''}`;
  return /SQLITE_CONSTRAINT|UNIQUE constraint|FOREIGN KEY constraint|duplicate key|violates|23505|23503|23514/i.test(
    text,
  );
}
