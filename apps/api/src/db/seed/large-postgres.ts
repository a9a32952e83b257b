import pg from 'pg';
import { ASSIGNMENT_COLUMNS, FIELD_VALUE_COLUMNS, FIELDS_PER_USER, type LargeRows, USER_COLUMNS } from './large-rows.ts';
import type { ChunkPlan } from './large-sqlite.ts';

const ROWS_PER_STATEMENT = 2000;
/** Statements sent ahead of the server; bounds the memory held by batches not yet written. */
const IN_FLIGHT = 3;

/** Rows collected into one flat parameter array and written by one multi-row INSERT (a named prepared statement when full). */
class PostgresBatch {
  readonly values: unknown[] = [];
  private rows = 0;
  private readonly pending: Promise<unknown>[] = [];

  constructor(
    private readonly client: pg.Client,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  private text(rows: number): string {
    const width = this.columns.length;
    const tuples = Array.from({ length: rows }, (_, r) => `(${this.columns.map((_, c) => `$${r * width + c + 1}`).join(',')})`);
    return `INSERT INTO "${this.table}" (${this.columns.join(',')}) VALUES ${tuples.join(',')}`;
  }

  /** Call after pushing a row's values; await the result when there is one (too many statements in flight). */
  added(): Promise<unknown> | undefined {
    if (++this.rows < ROWS_PER_STATEMENT) return undefined;
    this.send(`heed_seed_${this.table}`);
    return this.pending.length > IN_FLIGHT ? this.pending.shift() : undefined;
  }

  private send(name?: string): void {
    // pg queues queries on the client: sending ahead keeps the server busy while the next batch is built.
    const query = this.client.query({ name, text: this.text(this.rows), values: this.values.splice(0) });
    query.catch(() => undefined); // observed by flush(); avoids an unhandled rejection meanwhile
    this.pending.push(query);
    this.rows = 0;
  }

  async flush(): Promise<void> {
    if (this.rows > 0) this.send();
    await Promise.all(this.pending.splice(0));
  }
}

/** Writes users, field values and assignments one chunk per transaction through one pg connection. */
export async function postgresChunkWriter(url: string, schema: string | undefined, rows: LargeRows) {
  const client = new pg.Client({ connectionString: url, ...(schema ? { options: `-c search_path="${schema}",public` } : {}) });
  await client.connect();
  const users = new PostgresBatch(client, 'users', USER_COLUMNS);
  const values = new PostgresBatch(client, 'user_field_values', FIELD_VALUE_COLUMNS);
  const assignments = new PostgresBatch(client, 'assignments', ASSIGNMENT_COLUMNS);

  const write = async (plan: ChunkPlan) => {
    await client.query('BEGIN');
    try {
      const reserved = await client.query<{ id: number }>(
        `SELECT nextval(pg_get_serial_sequence('users', 'id'))::int AS id FROM generate_series(1, $1)`,
        [plan.count],
      );
      const ids = reserved.rows.map((r) => r.id);
      const hired: string[] = [];
      for (const id of ids) {
        hired.push(rows.pushUser(users.values, id));
        await users.added();
      }
      await users.flush();
      let assigned = 0;
      for (const [i, id] of ids.entries()) {
        for (let k = 0; k < FIELDS_PER_USER; k++) {
          rows.pushFieldValue(values.values, id, k, hired[i]!);
          await values.added();
        }
        const count = plan.assignmentsOf(plan.firstIndex + i);
        for (let n = 0; n < count; n++) {
          rows.pushAssignment(assignments.values, id, n);
          const full = assignments.added();
          if (full) await full;
        }
        assigned += count;
      }
      await values.flush();
      await assignments.flush();
      await client.query('COMMIT');
      return { assigned };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  return { write, close: () => client.end() };
}
