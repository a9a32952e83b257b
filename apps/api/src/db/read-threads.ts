import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/**
 * Read-only SQLite connections on threads of their own, behind a Kysely instance: a long read (a
 * report over millions of assignments) runs there instead of on the event loop, where better-sqlite3's
 * synchronous calls would hold every other request until it ends. Each thread has its own read-only
 * connection to the same file (WAL: each statement sees what is committed when it starts). Threads
 * start with the first query. No transactions, no streams: single reads only.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
db.pragma('cache_size = -65536');
// Mapped like the API's own connection: a report that reads the assignments turning today with their
// learners and values touches more random pages than the cache holds (at 10M, 127 → 69 ms).
if (workerData.mmapBytes > 0) db.pragma('mmap_size = ' + workerData.mmapBytes);
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    // A write runs too, so that the read-only connection refuses it instead of it vanishing.
    const rows = statement.reader ? statement.all(...parameters) : (statement.run(...parameters), []);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    // The driver's error class does not survive the trip to the parent: its message does.
    parentPort.postMessage({ id, failure: String(error && error.message) });
  }
});
`;

/** How many reader threads: two, so one long read does not queue every other report behind it. */
const THREADS = 2;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/** A read waiting for a thread: its statement and who awaits its rows. */
interface Queued extends Pending {
  id: number;
  sql: string;
  parameters: unknown[];
}

/**
 * One queue, pulled by whichever thread is idle: a thread takes the next read only once it has
 * answered the last, so a read of 45 s (a report reading millions of assignments) holds one thread while
 * every other read of the dashboard goes through the other (handing each read to the thread with the
 * fewest queued had put a widget's next read behind the long one: 42 s for a 20 ms leaderboard).
 */
class ReaderThreads {
  private readonly workers: { worker: Worker; current: Queued | undefined }[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly mmapBytes: number,
  ) {}

  run(query: CompiledQuery): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('The reader threads were closed.'));
    while (this.workers.length < THREADS) this.start();
    return new Promise<unknown[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, sql: query.sql, parameters: [...query.parameters], resolve, reject });
      this.dispatch();
    });
  }

  /** Hands queued reads, oldest first, to the idle threads. */
  private dispatch(): void {
    for (const thread of this.workers) {
      if (thread.current || this.queue.length === 0) continue;
      const next = this.queue.shift()!;
      thread.current = next;
      thread.worker.postMessage({ id: next.id, sql: next.sql, parameters: next.parameters });
    }
  }

  private start(): void {
    const worker = new Worker(READER, {
      eval: true,
      name: 'heed-reader',
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        mmapBytes: this.mmapBytes,
      },
    });
    const thread: { worker: Worker; current: Queued | undefined } = { worker, current: undefined };
    this.workers.push(thread);
    worker.on('message', (message: { id: number; rows?: unknown[]; failure?: string }) => {
      const done = thread.current;
      if (!done || done.id !== message.id) return;
      thread.current = undefined;
      if (message.failure !== undefined) done.reject(new Error(message.failure));
      else done.resolve(message.rows ?? []);
      this.dispatch();
    });
    // A thread that stops (killed, out of memory, a failed open) fails the read it held, and is replaced.
    worker.once('exit', (code) => {
      this.workers.splice(this.workers.indexOf(thread), 1);
      thread.current?.reject(new Error(`The reader thread stopped (exit code ${code}).`));
      thread.current = undefined;
      if (this.queue.length > 0 && !this.closed) {
        this.start();
        this.dispatch();
      }
    });
    worker.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new Error('The reader threads were closed.'));
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

class ReaderDriver implements Driver {
  constructor(private readonly threads: ReaderThreads) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const threads = this.threads;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await threads.run(query)) as R[] };
      },
      // biome-ignore lint/correctness/useYield: a reader thread answers whole results only.
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('The reader threads do not stream.');
      },
    };
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The reader threads run single reads, not transactions.');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.threads.close();
  }
}

/**
 * A Kysely instance for long reads of the database `db`: on SQLite with a file, the reader threads
 * (destroy it when done: that stops them); otherwise (PostgreSQL's queries already leave the event
 * loop; an in-memory SQLite database has no file to share) `db` itself, and `owned` is false.
 */
export async function readerFor(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<{ reader: Kysely<Database>; owned: boolean }> {
  if (dialect !== 'sqlite') return { reader: db, owned: false };
  const { rows } = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return { reader: db, owned: false };
  // The threads map as much of the file as the connection they read beside (`DbOptions.mmapBytes`).
  const { rows: mapped } = await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db);
  const threads = new ReaderThreads(file, Number(mapped[0]?.mmap_size ?? 0));
  const reader = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReaderDriver(threads),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { reader, owned: true };
}
