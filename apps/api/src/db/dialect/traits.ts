import type { Dialect } from '../create-db.ts';

// What each database does differently, as named capabilities: domain code asks one of these
// questions, never which database it runs on (README.md beside this file).

interface Traits {
  planHints: boolean;
  rowLocks: boolean;
  fts5Search: boolean;
  childrenFirst: boolean;
}

const TRAITS: Record<Dialect, Traits> = {
  sqlite: { planHints: true, rowLocks: false, fts5Search: true, childrenFirst: true },
  postgres: { planHints: false, rowLocks: true, fts5Search: false, childrenFirst: false },
};

/**
 * True when our queries steer the planner by hand (plan hints: `+column`, a rowid walk, the search
 * index first): SQLite, whose planner has no statistics of ours. PostgreSQL plans by its statistics
 * and is left alone.
 */
export function takesPlanHints(dialect: Dialect): boolean {
  return TRAITS[dialect].planHints;
}

/**
 * True when rows can be locked one by one (`SELECT … FOR UPDATE`): PostgreSQL. SQLite has one write
 * lock for the whole database, which a writing transaction holds until it ends.
 */
export function hasRowLocks(dialect: Dialect): boolean {
  return TRAITS[dialect].rowLocks;
}

/**
 * True when user text search goes through the FTS5 table `users_search`, kept by triggers on users
 * (migration 005): SQLite. PostgreSQL searches trigram indexes on the users table itself.
 */
export function searchesThroughFts5(dialect: Dialect): boolean {
  return TRAITS[dialect].fts5Search;
}

/**
 * True when a mass delete should delete the child rows itself, in one statement, before the
 * parents: SQLite's ON DELETE CASCADE runs a trigger program per parent row. PostgreSQL's cascade
 * probes once per parent row either way (decision 055), so it keeps the cascade.
 */
export function deletesChildrenFirst(dialect: Dialect): boolean {
  return TRAITS[dialect].childrenFirst;
}
