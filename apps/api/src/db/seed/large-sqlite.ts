import type SQLite from 'better-sqlite3';
import { ASSIGNMENT_COLUMNS, FIELD_VALUE_COLUMNS, FIELDS_PER_USER, type LargeRows, USER_COLUMNS } from './large-rows.ts';

// SQLite binds at most 32766 variables per statement.
const MAX_VARIABLES = 32_000;

/** Rows collected into one flat parameter array and written by one multi-row prepared INSERT when full. */
class SqliteBatch {
  readonly values: unknown[] = [];
  private rows = 0;
  readonly perStatement: number;
  private readonly full: SQLite.Statement;

  constructor(
    private readonly database: SQLite.Database,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.perStatement = Math.floor(MAX_VARIABLES / columns.length);
    this.full = this.prepare(this.perStatement);
  }

  private prepare(rows: number): SQLite.Statement {
    const tuple = `(${this.columns.map(() => '?').join(',')})`;
    return this.database.prepare(`INSERT INTO "${this.table}" (${this.columns.join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`);
  }

  /** Call after pushing a row's values. */
  added(): void {
    if (++this.rows === this.perStatement) {
      this.full.run(this.values);
      this.values.length = 0;
      this.rows = 0;
    }
  }

  flush(): void {
    if (this.rows === 0) return;
    this.prepare(this.rows).run(this.values);
    this.values.length = 0;
    this.rows = 0;
  }
}

export interface ChunkPlan {
  /** Index (0-based, over the whole run) of the first user of the chunk. */
  firstIndex: number;
  count: number;
  /** Assignments of the user with global index i. */
  assignmentsOf: (index: number) => number;
}

/**
 * Writes users, their field values and assignments one chunk per immediate transaction. User ids are
 * taken after the largest id in use inside that transaction, so a server writing at the same time
 * cannot collide with them.
 */
export function sqliteChunkWriter(database: SQLite.Database, rows: LargeRows) {
  const users = new SqliteBatch(database, 'users', USER_COLUMNS);
  const values = new SqliteBatch(database, 'user_field_values', FIELD_VALUE_COLUMNS);
  const assignments = new SqliteBatch(database, 'assignments', ASSIGNMENT_COLUMNS);
  const lastId = database.prepare(
    `SELECT max(coalesce((SELECT max(id) FROM users), 0), coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0)) AS id`,
  ).pluck();

  const write = database.transaction((plan: ChunkPlan) => {
    const base = lastId.get() as number;
    const hired: string[] = [];
    for (let i = 0; i < plan.count; i++) {
      hired.push(rows.pushUser(users.values, base + 1 + i));
      users.added();
    }
    users.flush();
    let assigned = 0;
    for (let i = 0; i < plan.count; i++) {
      const id = base + 1 + i;
      for (let k = 0; k < FIELDS_PER_USER; k++) {
        rows.pushFieldValue(values.values, id, k, hired[i]!);
        values.added();
      }
      const count = plan.assignmentsOf(plan.firstIndex + i);
      for (let n = 0; n < count; n++) {
        rows.pushAssignment(assignments.values, id, n);
        assignments.added();
      }
      assigned += count;
    }
    values.flush();
    assignments.flush();
    return { firstId: base + 1, assigned };
  });
  return (plan: ChunkPlan) => write.immediate(plan);
}
