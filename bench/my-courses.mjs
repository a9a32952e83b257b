// Latency of GET /api/v3/my/assignments (My Courses) for a learner with 200 assignments in a large
// database, and of GET /api/v3/my/history pages; p50/p95/p99/max over sequential keep-alive requests on
// loopback, so the figures are the server's time plus well under a millisecond of transport.
//
//   npm run bench -- my-courses --db data/bench.sqlite            (a database made by npm run seed; 10M assignments for the budget)
//   npm run bench -- my-courses --db postgres://…/heed_bench
//   npm run bench -- my-courses [--users 20000 --assignments 200000] (seeds a temporary SQLite file first)
//
// The bench's learner (`bench.learner`, in --company, default "Load Test Co") gets 200 assignments of its
// own, made anew on each run: 150 courses, 50 of them recertified (a completed assignment and its
// renewal), the rest completed, in progress, not started or overdue, so "latest per course", the
// derived statuses and the order all do their work.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/platform/passwords.ts';
import { ROOT, fmt, ms, parseArgs, signIn, startHeed, timeRequests } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), {
  company: 'Load Test Co',
  requests: '300',
  users: '20000',
  assignments: '200000',
});
const requests = Number(args.requests);
const LEARNER = 'bench.learner';
const PASSWORD = 'bench-learner-password';
const COURSES = 150;
const RECERTIFIED = 50;

let tempDir = null;
let db = args.db ?? args._[0];
if (!db) {
  tempDir = mkdtempSync(join(tmpdir(), 'heed-bench-my-courses-'));
  db = join(tempDir, 'heed.sqlite');
  console.log(
    `No --db: seeding ${fmt(Number(args.users))} users and ${fmt(Number(args.assignments))} assignments into ${db}…`,
  );
  const seeded = spawnSync(
    'npm',
    ['run', 'seed', '--', '--users', args.users, '--assignments', args.assignments, '--company', args.company],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: db, HEED_DEMO: '0' } },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);

try {
  const totals = await prepareLearner(url);
  console.log(
    `${fmt(totals.assignments)} assignments in the database; ${LEARNER} (company "${totals.company}") has ${totals.own} of them, on ${COURSES} courses.`,
  );
  const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
  try {
    const headers = await signIn(heed.url, LEARNER, PASSWORD);
    const check = await (await fetch(`${heed.url}/api/v3/my/assignments`, { headers })).json();
    const counts = new Map();
    for (const a of check.data) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    const byStatus = [...counts].map(([status, n]) => `${n} ${status}`);
    console.log(`GET /my/assignments answers ${check.data.length} current assignments (${byStatus.join(', ')}).`);
    console.log(`${requests} sequential requests per row.\n`);
    const rows = [
      ['GET /my/assignments', () => '/api/v3/my/assignments'],
      ['GET /my/history, page 1 of 10', () => '/api/v3/my/history?per_page=10'],
      ['GET /my/history, page 10 of 10', () => '/api/v3/my/history?per_page=10&page=10'],
    ];
    console.log(`${'request'.padEnd(34)}   first     p50     p95     p99     max   (ms)`);
    for (const [label, path] of rows) {
      const t = await timeRequests(heed.url, headers, requests, path);
      console.log(`${label.padEnd(34)} ${ms(t.first)} ${ms(t.p50)} ${ms(t.p95)} ${ms(t.p99)} ${ms(t.max)}`);
    }
    console.log('\nBudget: GET /my/assignments p95 ≤ 20 ms server-side in the 10M-assignment database.');
  } finally {
    await heed.stop();
  }
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

/**
 * The learner and their 200 assignments, made anew: the company named --company (or a new "Bench Co"),
 * COURSES bench courses (made once), the learner's old assignments deleted first.
 */
async function prepareLearner(url) {
  const handle = createDb({ url });
  const { db } = handle;
  try {
    await migrateToLatest(db, handle.schema);
    const now = new Date();
    const stamp = now.toISOString();
    const day = (offset) => new Date(now.getTime() + offset * 86_400_000).toISOString();
    // The learner's company when an earlier run made them, else --company, else a new one.
    const earlier = await db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['companies.id', 'companies.name'])
      .where('users.username', '=', LEARNER)
      .executeTakeFirst();
    let company =
      earlier ??
      (await db.selectFrom('companies').select(['id', 'name']).where('name', '=', args.company).executeTakeFirst());
    company ??= await db
      .insertInto('companies')
      .values({ name: 'Bench Co', created_at: stamp, updated_at: stamp })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();

    const courseIds = [];
    for (let i = 1; i <= COURSES; i++) {
      const name = `Bench course ${String(i).padStart(3, '0')}`;
      const found = await db.selectFrom('courses').select('id').where('name', '=', name).executeTakeFirst();
      const id =
        found?.id ??
        (
          await db
            .insertInto('courses')
            .values({
              name,
              category_id: null,
              description: `What ${name} covers, in a sentence or two.`,
              duration_minutes: 15 + (i % 6) * 10,
              passing_score: 80,
              recertify_months: i <= RECERTIFIED ? 12 : null,
              created_at: stamp,
              updated_at: stamp,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      courseIds.push(id);
    }

    let learner = await db.selectFrom('users').select('id').where('username', '=', LEARNER).executeTakeFirst();
    learner ??= await db
      .insertInto('users')
      .values({
        company_id: company.id,
        username: LEARNER,
        email: null,
        first_name: 'Bench',
        last_name: 'Learner',
        password_hash: await hashPassword(PASSWORD),
        role: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('assignments').where('user_id', '=', learner.id).execute();

    const base = {
      company_id: company.id,
      user_id: learner.id,
      source: 'manual',
      rule_id: null,
      assigned_by: null,
      recertify_months: null,
      expires_at: null,
      started_at: null,
      completed_at: null,
      score: null,
      progress: 0,
      created_at: stamp,
      updated_at: stamp,
    };
    const rows = courseIds.flatMap((courseId, i) => {
      const assignedAt = day(-400 + i);
      if (i < RECERTIFIED) {
        // A completed certificate and, assigned 30 days before it lapses, its renewal.
        const completed = day(-380 + i);
        return [
          {
            ...base,
            course_id: courseId,
            status: 'completed',
            assigned_at: assignedAt,
            due_at: day(-370 + i),
            started_at: completed,
            completed_at: completed,
            progress: 100,
            score: 80 + (i % 20),
            recertify_months: 12,
            expires_at: day(-15 + i),
          },
          {
            ...base,
            course_id: courseId,
            status: 'not_started',
            assigned_at: day(-45 + i),
            due_at: day(-15 + i),
            recertify_months: 12,
          },
        ];
      }
      const kind = i % 4;
      if (kind === 0)
        return [
          {
            ...base,
            course_id: courseId,
            status: 'completed',
            assigned_at: assignedAt,
            due_at: day(-370 + i),
            started_at: day(-395 + i),
            completed_at: day(-390 + i),
            progress: 100,
            score: 60 + (i % 40),
          },
        ];
      if (kind === 1)
        return [
          {
            ...base,
            course_id: courseId,
            status: 'in_progress',
            assigned_at: day(-20),
            due_at: day(i - 100),
            started_at: day(-10),
            progress: i % 90,
          },
        ];
      // Stored as not started; those whose due date has passed are overdue only when read.
      return [
        {
          ...base,
          course_id: courseId,
          status: 'not_started',
          assigned_at: day(-20),
          due_at: kind === 2 ? day(i - 120) : null,
        },
      ];
    });
    await db.insertInto('assignments').values(rows).execute();
    const count = async (query) =>
      Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      company: company.name,
      own: await count(db.selectFrom('assignments').where('user_id', '=', learner.id)),
      assignments: await count(db.selectFrom('assignments')),
    };
  } finally {
    await handle.close();
  }
}
