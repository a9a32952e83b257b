import type SQLite from 'better-sqlite3';
import type { AssignmentSlice, LargeWriter, UserRange } from './large-plan.ts';
import {
  ASSIGNMENT_COLUMNS,
  FIELD_VALUE_COLUMNS,
  FIELDS_PER_USER,
  type LargeRows,
  USER_COLUMNS,
} from './large-rows.ts';

// SQLite binds at most 32766 variables per statement.
const MAX_VARIABLES = 32_000;

/** Rows collected into one flat parameter array and written by one multi-row prepared INSERT when full. */
class SqliteBatch {
  readonly values: unknown[] = [];
  private rows = 0;
  private readonly perStatement: number;
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
    return this.database.prepare(
      `INSERT INTO "${this.table}" (${this.columns.join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`,
    );
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

/**
 * Writes through one better-sqlite3 connection, each chunk in an immediate transaction. User ids
 * continue after the largest id in use, read inside that transaction, so a server writing beside
 * the load cannot collide with them.
 */
export function sqliteWriter(database: SQLite.Database, rows: LargeRows): LargeWriter {
  const users = new SqliteBatch(database, 'users', USER_COLUMNS);
  const values = new SqliteBatch(database, 'user_field_values', FIELD_VALUE_COLUMNS);
  const assignments = new SqliteBatch(database, 'assignments', ASSIGNMENT_COLUMNS);
  const lastId = database
    .prepare(
      `SELECT max(coalesce((SELECT max(id) FROM users), 0), coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0))`,
    )
    .pluck();

  const writeUsers = database.transaction((firstIndex: number, count: number): UserRange => {
    const firstId = (lastId.get() as number) + 1;
    const hired: string[] = [];
    for (let i = 0; i < count; i++) {
      hired.push(rows.pushUser(users.values, firstId + i));
      users.added();
    }
    users.flush(); // before the values that reference them
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < FIELDS_PER_USER; k++) {
        rows.pushFieldValue(values.values, firstId + i, k, hired[i]!);
        values.added();
      }
    }
    values.flush();
    return { firstIndex, firstId, count };
  });

  const writeAssignments = database.transaction((slices: readonly AssignmentSlice[]): number => {
    let written = 0;
    for (const { range, round, rounds, users: total, assignmentsOf } of slices) {
      for (let i = 0; i < range.count; i++) {
        const index = range.firstIndex + i;
        if (round >= assignmentsOf(index)) continue;
        rows.pushAssignment(assignments.values, range.firstId + i, round, rounds, index / total);
        assignments.added();
        written++;
      }
    }
    assignments.flush();
    return written;
  });

  return {
    writeUsers: (firstIndex, count) => writeUsers.immediate(firstIndex, count),
    writeAssignments: (slices) => writeAssignments.immediate(slices),
    close: () => undefined,
  };
}
