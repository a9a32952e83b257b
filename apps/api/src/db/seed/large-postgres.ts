import pg from 'pg';
import {
  ASSIGNMENT_COLUMNS,
  FIELD_VALUE_COLUMNS,
  FIELDS_PER_USER,
  type LargeRows,
  USER_COLUMNS,
} from './large-rows.ts';
import type { AssignmentSlice, LargeWriter, UserRange } from './large-plan.ts';

const ROWS_PER_STATEMENT = 2000;
/** Statements sent ahead of the server; bounds the memory held by batches not yet written. */
const IN_FLIGHT = 3;

/** Rows collected into one flat parameter array and written by one multi-row INSERT (a named prepared statement when full). */
class PostgresBatch {
  readonly values: unknown[] = [];
  private rows = 0;
  private readonly pending: Promise<unknown>[] = [];
  /** The last statement sent: the next one goes when it has finished (pg 8 deprecates queueing on the client). */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: pg.Client,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  private text(rows: number): string {
    const width = this.columns.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${this.columns.map((_, c) => `$${r * width + c + 1}`).join(',')})`,
    );
    return `INSERT INTO "${this.table}" (${this.columns.join(',')}) VALUES ${tuples.join(',')}`;
  }

  /** Call after pushing a row's values; await the result when there is one (too many statements in flight). */
  added(): Promise<unknown> | undefined {
    if (++this.rows < ROWS_PER_STATEMENT) return undefined;
    this.send(`heed_seed_${this.table}`);
    return this.pending.length > IN_FLIGHT ? this.pending.shift() : undefined;
  }

  private send(name?: string): void {
    // Queued here, each sent as the one before finishes: the server stays busy while the next batch is built.
    const statement = { name, text: this.text(this.rows), values: this.values.splice(0) };
    const query = this.tail.then(() => this.client.query(statement));
    this.tail = query.catch(() => undefined); // observed by flush(); avoids an unhandled rejection meanwhile
    this.pending.push(query);
    this.rows = 0;
  }

  async flush(): Promise<void> {
    if (this.rows > 0) this.send();
    await Promise.all(this.pending.splice(0));
  }
}

/** Writes through one pg connection, each chunk in a transaction; user ids come from the users sequence. */
export async function postgresWriter(url: string, schema: string | undefined, rows: LargeRows): Promise<LargeWriter> {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path="${schema}",public` } : {}),
  });
  await client.connect();
  const users = new PostgresBatch(client, 'users', USER_COLUMNS);
  const values = new PostgresBatch(client, 'user_field_values', FIELD_VALUE_COLUMNS);
  const assignments = new PostgresBatch(client, 'assignments', ASSIGNMENT_COLUMNS);

  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    await client.query('BEGIN');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  const writeUsers = (firstIndex: number, count: number) =>
    transaction(async (): Promise<UserRange> => {
      // One block of sequence values; the range must be contiguous, so it is reserved in one statement under a lock.
      await client.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
      const { rows: reserved } = await client.query<{ first: number }>(
        `SELECT setval(pg_get_serial_sequence('users', 'id'), greatest((SELECT coalesce(max(id), 0) FROM users), nextval(pg_get_serial_sequence('users', 'id')) - 1) + $1) - $1 + 1 AS first`,
        [count],
      );
      const firstId = Number(reserved[0]!.first);
      const hired: string[] = [];
      for (let i = 0; i < count; i++) {
        hired.push(rows.pushUser(users.values, firstId + i));
        await users.added();
      }
      await users.flush();
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < FIELDS_PER_USER; k++) {
          rows.pushFieldValue(values.values, firstId + i, k, hired[i]!);
          await values.added();
        }
      }
      await values.flush();
      return { firstIndex, firstId, count };
    });

  const writeAssignments = (slices: readonly AssignmentSlice[]) =>
    transaction(async () => {
      let written = 0;
      for (const { range, round, rounds, users: total, assignmentsOf } of slices) {
        for (let i = 0; i < range.count; i++) {
          const index = range.firstIndex + i;
          if (round >= assignmentsOf(index)) continue;
          rows.pushAssignment(assignments.values, range.firstId + i, round, rounds, index / total);
          const full = assignments.added();
          if (full) await full;
          written++;
        }
      }
      await assignments.flush();
      return written;
    });

  return { writeUsers, writeAssignments, close: () => client.end() };
}
