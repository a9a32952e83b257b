import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requeueStaleJobs } from '../src/jobs/queue.repository.ts';
import { FIXTURES, drainJobs, getImport, upload } from './fixtures/import-harness.ts';
import { createImportWorld } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

let t: TestApp;
let cm: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await createImportWorld(t);
  cm = await clientFor(t, 'cm');
});
afterAll(async () => t.close());

const ROWS = 24_000;
/** Every 97th row has a bad e-mail: failed rows must be counted once too. */
const isBad = (i: number) => i % 97 === 0;

function file(): string {
  const lines = ['Username,E-mail,First name,Last name,Notes,Badge Number'];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(`kill.${i},${isBad(i) ? 'not-an-email' : `kill.${i}@example.test`},Kill,Row ${i},note ${i},${i}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The child's connection: this test's SQLite file, or its own PostgreSQL database. */
function childEnv(): Record<string, string> {
  return { CHILD_DATABASE_URL: t.databaseUrl, CHILD_DATA_DIR: t.dataDir };
}

function startChild(env: Record<string, string>): ChildProcess {
  const root = resolve(FIXTURES, '../../../..');
  return spawn(process.execPath, ['--import', 'tsx', join(FIXTURES, 'import-job-child.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return Number((await query.execute(t.db)).rows[0]?.n ?? 0);
}

/** What the database holds for the import: every figure that must agree with every other. */
async function ledger(importId: number) {
  const state = await t.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
  return {
    state,
    users: await count(sql`SELECT COUNT(*) AS n FROM users WHERE username LIKE 'kill.%'`),
    createdRows: await count(
      sql`SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ${importId} AND status = 'created'`,
    ),
    failedRows: await count(
      sql`SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ${importId} AND status = 'failed'`,
    ),
    allRows: await count(sql`SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ${importId}`),
    recordedUsers: await count(
      sql`SELECT COUNT(*) AS n FROM import_rows r JOIN users u ON u.id = r.user_id WHERE r.import_id = ${importId} AND r.status = 'created' AND u.username LIKE 'kill.%'`,
    ),
    values: await count(
      sql`SELECT COUNT(*) AS n FROM user_field_values v JOIN users u ON u.id = v.user_id WHERE u.username LIKE 'kill.%'`,
    ),
    // The world's users come from factories, unaudited: every user.create entry is this import's.
    audits: await count(sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'user.create'`),
    errorRows: await count(
      sql`SELECT COUNT(DISTINCT row_number) AS n FROM import_errors WHERE import_id = ${importId} AND kind = 'import'`,
    ),
  };
}

describe('users import: a worker killed with SIGKILL mid-import', () => {
  it('leaves no half-applied row, and the resumed import ends with every row once', async () => {
    const uploaded = await upload(cm, file(), 'kill.csv');
    expect(uploaded.mapping).toEqual(['username', 'email', 'first_name', 'last_name', 'cf.notes', 'cf.badge']);
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(202);

    const child = startChild(childEnv());
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exited = once(child, 'exit');
    // Kill it once a few chunks are in, well before the end.
    for (;;) {
      const state = await t.db
        .selectFrom('imports')
        .select('processed_rows')
        .where('id', '=', uploaded.id)
        .executeTakeFirstOrThrow();
      if (state.processed_rows >= 4000) break;
      if (child.exitCode !== null) throw new Error(`The worker ended before it could be killed:\n${output}`);
      await delay(10);
    }
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect(signal ?? code).toBe('SIGKILL');

    const killed = await ledger(uploaded.id);
    expect(killed.state.status).toBe('running');
    expect(killed.state.processed_rows).toBeLessThan(ROWS);
    // Every committed chunk whole, nothing else: rows recorded = rows read, each created row has its
    // user, its two custom values and its audit entry, and the counts say the same.
    expect(killed.allRows).toBe(killed.state.processed_rows);
    expect(killed.state.last_row).toBe(killed.state.processed_rows + 1);
    expect(killed.users).toBe(killed.createdRows);
    expect(killed.recordedUsers).toBe(killed.createdRows);
    expect(killed.values).toBe(2 * killed.createdRows);
    expect(killed.audits).toBe(killed.createdRows);
    expect(killed.state.created_count).toBe(killed.createdRows);
    expect(killed.state.failed_count).toBe(killed.failedRows);
    expect(killed.errorRows).toBe(killed.failedRows);
    expect((await getImport(cm, uploaded.id)).status).toBe('running');
    expect((await cm.post(`/api/v3/users/imports/${uploaded.id}/run`)).statusCode).toBe(409);

    // Its lease goes stale (no heartbeat from a dead worker); the workers' sweep hands the job back
    // to the queue and the next worker resumes the import.
    await t.db
      .updateTable('jobs')
      .set({ locked_at: '2000-01-01T00:00:00.000Z' })
      .where('status', '=', 'running')
      .execute();
    expect(await requeueStaleJobs(t.db, t.clock.now, 5 * 60_000)).toEqual({ requeued: 1, failed: 0 });
    await drainJobs(t);

    const bad = Array.from({ length: ROWS }, (_, i) => i + 1).filter(isBad).length;
    const done = await ledger(uploaded.id);
    expect(done.state.status).toBe('completed');
    expect(done.allRows).toBe(ROWS);
    expect(done.createdRows).toBe(ROWS - bad);
    expect(done.failedRows).toBe(bad);
    expect(done.users).toBe(ROWS - bad);
    expect(done.recordedUsers).toBe(ROWS - bad);
    expect(done.values).toBe(2 * (ROWS - bad));
    expect(done.audits).toBe(ROWS - bad);
    expect(done.errorRows).toBe(bad);
    const summary = await getImport(cm, uploaded.id);
    expect(summary).toMatchObject({ processed_rows: ROWS, total_rows: ROWS });
    expect(summary.counts).toEqual({ created: ROWS - bad, updated: 0, deactivated: 0, skipped: 0, failed: bad });
  }, 600_000);
});
