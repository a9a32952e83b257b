import { on } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from './create-db.ts';
import type { Database } from './types.ts';

/**
 * One batch of a keyset read: the batch's rows as the database built them (null when none), how
 * many there are, and the key of the last one (where the next batch starts). A query may select
 * more columns; they come along.
 */
export interface KeysetBatch {
  rows: string | null;
  count: number;
  last: number | null;
}

/** A keyset read: `query` selects one `KeysetBatch` row for the batch after the key bound at `keyAt`. */
export interface KeysetRead<Batch extends KeysetBatch = KeysetBatch> {
  query: CompiledQuery<Batch>;
  keyAt: number;
  /** The query's LIMIT: a shorter batch is the last. */
  batchSize: number;
}

/** Batches read but not yet taken, per read: two keep the reader busy while the caller works on one. */
const AHEAD = 2;

const bind = <Batch extends KeysetBatch>(read: KeysetRead<Batch>, key: number): CompiledQuery<Batch> => ({
  ...read.query,
  parameters: read.query.parameters.with(read.keyAt, key),
});

/**
 * The SQLite reader thread (plain CommonJS, so no TypeScript loader): its own read-only connection
 * runs the batches one after the other, at most `ahead` more than the parent has taken ('more').
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { driver, file, sql, parameters, keyAt, batchSize, ahead } = workerData;
let db;
let statement;
let credit = ahead;
let key = 0;
let done = false;
const run = () => {
  try {
    if (!statement) {
      db = new (require(driver))(file, { readonly: true, fileMustExist: true });
      db.pragma('busy_timeout = 10000');
      statement = db.prepare(sql);
    }
    for (; credit > 0 && !done; credit--) {
      parameters[keyAt] = key;
      const batch = statement.get(parameters);
      done = batch.count < batchSize;
      key = batch.last;
      parentPort.postMessage(batch);
    }
  } catch (error) {
    // The driver's error class does not survive the trip to the parent: its message does.
    done = true;
    parentPort.postMessage({ failure: String(error && error.message) });
  }
  if (done) db?.close();
};
parentPort.on('message', () => { credit++; run(); });
run();
`;

const driverPath = () => createRequire(import.meta.url).resolve('better-sqlite3');

/** The file of a SQLite database, or null for an in-memory one (another connection cannot see it). */
async function sqliteFile(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(db);
  return rows[0]?.file || null;
}

async function* onThread<Batch extends KeysetBatch>(file: string, read: KeysetRead<Batch>): AsyncGenerator<Batch> {
  const worker = new Worker(READER, {
    eval: true,
    name: 'heed-read-ahead',
    workerData: {
      driver: driverPath(),
      file,
      sql: read.query.sql,
      parameters: [...read.query.parameters],
      keyAt: read.keyAt,
      batchSize: read.batchSize,
      ahead: AHEAD,
    },
  });
  let finished = false;
  // A thread that ends without a word (killed, out of memory) must not leave the caller waiting.
  worker.once('exit', (code) => {
    if (!finished) worker.emit('message', { failure: `The reader thread stopped (exit code ${code}).` });
  });
  try {
    // `on` rejects when the thread fails; the batches come in order.
    for await (const [batch] of on(worker, 'message') as AsyncIterable<[Batch | { failure: string }]>) {
      if ('failure' in batch) throw new Error(batch.failure);
      yield batch;
      if (batch.count < read.batchSize) return;
      worker.postMessage('more');
    }
  } finally {
    finished = true;
    void worker.terminate();
  }
}

async function* inProcess<Batch extends KeysetBatch>(
  db: Kysely<Database>,
  read: KeysetRead<Batch>,
): AsyncGenerator<Batch> {
  let pending = db.executeQuery(bind(read, 0));
  try {
    for (;;) {
      const batch = (await pending).rows[0] ?? ({ rows: null, count: 0, last: null } as Batch);
      if (batch.count < read.batchSize) {
        yield batch;
        return;
      }
      // The next batch is asked for before this one is handed over: PostgreSQL builds it meanwhile.
      pending = db.executeQuery(bind(read, batch.last ?? 0));
      yield batch;
    }
  } finally {
    // A caller that stopped early leaves a read in flight: its failure is nobody's to handle.
    pending.catch(() => undefined);
  }
}

/**
 * Every batch of a keyset read from key 0 on, read ahead of the caller so that the database works
 * while the caller turns a batch into output: PostgreSQL builds the next batch in its own process
 * meanwhile; SQLite reads on a thread of its own with a read-only connection (of a file database),
 * which also keeps the reads off the event loop. Each batch is its own statement (no transaction).
 * At most `AHEAD` batches wait; a caller that stops early (`return`) stops the reading.
 */
export async function* readKeysetBatches<Batch extends KeysetBatch>(
  db: Kysely<Database>,
  dialect: Dialect,
  read: KeysetRead<Batch>,
): AsyncGenerator<Batch> {
  const file = dialect === 'sqlite' ? await sqliteFile(db) : null;
  yield* file ? onThread(file, read) : inProcess(db, read);
}
