// The course player's steps against the built server: latency of each kind of step (a SCORM commit,
// completing a text topic, answering a question, the last step that finishes the attempt) over
// sequential keep-alive requests on loopback (the server's time plus well under a millisecond of
// transport), then sustained SCORM commits per second with many learners committing at once over real
// HTTP (autocannon, one connection per learner, each raising its own sequence).
//
//   npm run bench -- player                       (a temporary SQLite database)
//   npm run bench -- player --db postgres://…/heed_bench_player
//   options: --learners 64 (≤ 90: the sign-in throttle allows 100 per address), --seconds 10, --connections 64
//
// The course: a SCORM topic, 20 text topics, a questions topic of 40 questions, a closing text topic;
// every learner starts an attempt, so each step kind is timed learners × its count times.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/platform/passwords.ts';
import { fmt, ms, parseArgs, percentile, signIn, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { learners: '64', seconds: '10', connections: '64' });
const LEARNERS = Math.min(90, Number(args.learners));
const SECONDS = Number(args.seconds);
const CONNECTIONS = Math.min(LEARNERS, Number(args.connections));
const TEXT_TOPICS = 20;
const QUESTIONS = 40;
const PASSWORD = 'bench-player-password';
// A commit as a SCORM 1.2 runtime sends it: status, location, a score, 2 KB of suspend data.
const cmi = (status, seq) => ({
  core: { lesson_status: status, lesson_location: `page-${seq}`, score: { raw: '80', min: '0', max: '100' } },
  suspend_data: 'x'.repeat(2_000),
});

let tempDir = null;
let db = args.db ?? args._[0];
if (!db) {
  tempDir = mkdtempSync(join(tmpdir(), 'heed-bench-player-'));
  db = join(tempDir, 'heed.sqlite');
}
const url = /^postgres(ql)?:\/\//.test(db) ? db : resolve(db);

try {
  const world = await prepare(url);
  const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' });
  try {
    const learners = [];
    for (const l of world.learners) learners.push({ ...l, headers: await signIn(heed.url, l.username, PASSWORD) });
    const call = async (learner, method, path, body) => {
      const started = performance.now();
      const response = await fetch(`${heed.url}/api/v3${path}`, {
        method,
        headers: { ...learner.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status >= 300)
        throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
      return { elapsed, body: JSON.parse(text) };
    };
    for (const l of learners) {
      const { body } = await call(l, 'POST', `/my/assignments/${l.assignmentId}/attempts`);
      l.attemptId = body.data.attempt.id;
      l.sequence = 0;
    }
    const { body: state } = await call(learners[0], 'GET', `/my/assignments/${learners[0].assignmentId}/player`);
    const topics = state.data.course.topics;
    const scorm = topics[0].id;
    console.log(
      `${LEARNERS} learners, one attempt each, on a course of ${topics.length} topics (SCORM, ${TEXT_TOPICS} text, ${QUESTIONS} questions, text).\n`,
    );
    console.log(`${'step'.padEnd(44)} count     p50     p95     p99     max  cpu/req (ms)`);
    // The server's CPU time (all its threads) per request of a phase: what a step costs the server,
    // whatever else the machine runs (wall times queue behind other processes on a busy machine).
    let phaseCpu = serverCpuMs(heed.child.pid);
    const report = (label, times) => {
      const cpu = (serverCpuMs(heed.child.pid) - phaseCpu) / times.length;
      times.sort((a, b) => a - b);
      const p = (n) => ms(percentile(times, n));
      console.log(
        `${label.padEnd(44)} ${String(times.length).padStart(5)} ${p(50)} ${p(95)} ${p(99)} ${ms(times.at(-1))} ${cpu.toFixed(2).padStart(8)}`,
      );
      phaseCpu = serverCpuMs(heed.child.pid);
      return percentile(times, 95);
    };
    const commitPath = (l) => `/my/attempts/${l.attemptId}/topics/${scorm}/scorm`;

    // 1. Warm-up (the server's JIT), then sustained commits: every learner committing at once, each on its
    // own connection; then SCORM commits one at a time, learners in turn.
    for (let i = 0; i < 1_000; i++) {
      const l = learners[i % LEARNERS];
      l.sequence += 1;
      await call(l, 'PUT', commitPath(l), { cmi: cmi('incomplete', l.sequence), sequence: l.sequence });
    }
    const sustainedCpu = serverCpuMs(heed.child.pid);
    const sustained = await sustainedCommits(heed.url, learners, commitPath);
    sustained.cpu = (serverCpuMs(heed.child.pid) - sustainedCpu) / sustained.total;
    phaseCpu = serverCpuMs(heed.child.pid);
    const baseline = [];
    for (let i = 0; i < 20 * LEARNERS; i++) baseline.push((await call(learners[i % LEARNERS], 'GET', '/me')).elapsed);
    report('GET /me (baseline: a signed-in request)', baseline);
    const commits = [];
    for (let i = 0; i < 20 * LEARNERS; i++) {
      const l = learners[i % LEARNERS];
      l.sequence += 1;
      commits.push(
        (await call(l, 'PUT', commitPath(l), { cmi: cmi('incomplete', l.sequence), sequence: l.sequence })).elapsed,
      );
    }
    const p95s = [report('PUT …/scorm (commit, stored)', commits)];

    // 2. The SCORM topic passes; the text topics complete one by one.
    const passes = [];
    for (const l of learners) {
      l.sequence += 1;
      passes.push(
        (await call(l, 'PUT', commitPath(l), { cmi: cmi('passed', l.sequence), sequence: l.sequence })).elapsed,
      );
    }
    p95s.push(report('PUT …/scorm (passed: completes the topic)', passes));
    const progress = [];
    for (const topic of topics.slice(1, 1 + TEXT_TOPICS))
      for (const l of learners)
        progress.push((await call(l, 'POST', `/my/attempts/${l.attemptId}/topics/${topic.id}/complete`, {})).elapsed);
    p95s.push(report('POST …/complete (text topic)', progress));

    // 3. Answers, then the closing topic, which finishes (scores, completes) the attempt.
    const answers = [];
    const questionsTopic = topics[1 + TEXT_TOPICS];
    for (const l of learners) {
      const { body } = await call(l, 'GET', `/my/assignments/${l.assignmentId}/player`);
      const drawn = body.data.course.topics.find((t) => t.id === questionsTopic.id).questions;
      for (const [i, q] of drawn.entries())
        answers.push(
          (
            await call(l, 'POST', `/my/attempts/${l.attemptId}/questions/${q.id}/answer`, {
              choices: [i % 3 === 0 ? 1 : 0],
            })
          ).elapsed,
        );
    }
    p95s.push(report('POST …/answer', answers));
    const replays = [];
    for (const l of learners) {
      const q = world.questionIds[0];
      replays.push(
        (await call(l, 'POST', `/my/attempts/${l.attemptId}/questions/${q}/answer`, { choices: [1] })).elapsed,
      );
    }
    report('POST …/answer (a replay: the stored result)', replays);
    const finishes = [];
    const last = topics.at(-1).id;
    for (const l of learners) {
      const { elapsed, body } = await call(l, 'POST', `/my/attempts/${l.attemptId}/topics/${last}/complete`, {});
      if (body.data.attempt.status === 'in_progress') throw new Error('the attempt did not finish');
      finishes.push(elapsed);
    }
    p95s.push(report('POST …/complete (last topic: finishes)', finishes));

    const rows = await countRows(url, world.companyId);
    const expectedRows = LEARNERS * (1 + 1 + TEXT_TOPICS + QUESTIONS + 1 + 1 + 1);
    console.log(
      `\nSustained SCORM commits: ${fmt(sustained.perSecond)}/s over ${SECONDS} s, ${CONNECTIONS} learners at once (${fmt(sustained.total)} commits, ${sustained.errors} errors, p97.5 ${sustained.p95} ms); the server spent ${sustained.cpu.toFixed(2)} ms of CPU per commit, ${fmt(1000 / sustained.cpu)} commits per CPU-second.`,
    );
    console.log(
      `Activity rows: ${fmt(rows.activity)} (expected ${fmt(expectedRows)}: each step once); answers: ${fmt(rows.answers)} (expected ${fmt(LEARNERS * QUESTIONS)}).`,
    );
    console.log(
      `\nBudgets: a player step p95 ≤ 10 ms server-side (worst here ${Math.max(...p95s).toFixed(1)} ms); sustained SCORM commits ≥ 2,000/s on SQLite.`,
    );
  } finally {
    await heed.stop();
  }
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

/** CPU milliseconds the process has used (utime + stime of /proc/{pid}/stat, in clock ticks of 10 ms). */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CONNECTIONS connections, each a learner raising its own sequence with every commit, for SECONDS. */
function sustainedCommits(baseUrl, learners, commitPath) {
  let next = 0;
  return new Promise((resolvePromise, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'PUT',
            setupRequest: (req, context) => {
              context.learner ??= learners[next++ % learners.length];
              const l = context.learner;
              l.sequence += 1;
              return {
                ...req,
                path: `/api/v3${commitPath(l)}`,
                headers: { ...l.headers, 'content-type': 'application/json' },
                body: JSON.stringify({ cmi: cmi('incomplete', l.sequence), sequence: l.sequence }),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = result['2xx'];
        resolvePromise({
          total: ok,
          perSecond: ok / SECONDS,
          errors: result.non2xx + result.errors,
          p95: result.latency.p97_5 ?? result.latency.p99,
        });
      },
    );
  });
}

async function countRows(url, companyId) {
  const handle = createDb({ url });
  try {
    const activity = await handle.db
      .selectFrom('course_activity')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const answers = await handle.db
      .selectFrom('question_answers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    return { activity: Number(activity.n), answers: Number(answers.n) };
  } finally {
    await handle.close();
  }
}

/** A company, the course (rows written directly: its version is published at the first attempt), the learners and their assignments. */
async function prepare(url) {
  const handle = createDb({ url });
  const { db } = handle;
  try {
    await migrateToLatest(db, handle.schema);
    const stamp = new Date().toISOString();
    const run = Date.now().toString(36);
    const company = await db
      .insertInto('companies')
      .values({ name: `Player Bench ${run}`, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const course = await db
      .insertInto('courses')
      .values({
        name: `Player bench course ${run}`,
        category_id: null,
        description: 'SCORM, text and questions.',
        duration_minutes: 30,
        passing_score: 50,
        recertify_months: 12,
        attempts_allowed: null,
        all_companies: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = async (name, kind, position) =>
      (
        await db
          .insertInto('topics')
          .values({ course_id: course.id, name, kind, content: `<p>${name}</p>`, position })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await topic('Package', 'scorm', 1);
    for (let i = 1; i <= TEXT_TOPICS; i++) await topic(`Reading ${i}`, 'text', 1 + i);
    const questionsTopic = await topic('Check', 'questions', TEXT_TOPICS + 2);
    const questionIds = [];
    for (let i = 1; i <= QUESTIONS; i++) {
      const options = ['Right', 'Wrong', 'Also wrong'].map((text, index) => ({
        text,
        correct: index === 0,
        feedback: index === 0 ? null : 'Not quite.',
      }));
      const q = await db
        .insertInto('questions')
        .values({
          topic_id: questionsTopic,
          type: 'single',
          prompt: `Question ${i}?`,
          options: JSON.stringify(options),
          correct_option: 0,
          position: i,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      questionIds.push(q.id);
    }
    await topic('Closing', 'text', TEXT_TOPICS + 3);
    const passwordHash = await hashPassword(PASSWORD);
    const learners = [];
    for (let i = 1; i <= LEARNERS; i++) {
      const username = `player.bench.${run}.${i}`;
      const user = await db
        .insertInto('users')
        .values({
          company_id: company.id,
          username,
          email: null,
          first_name: 'Bench',
          last_name: `Learner ${i}`,
          password_hash: passwordHash,
          role: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const assignment = await db
        .insertInto('assignments')
        .values({
          company_id: company.id,
          user_id: user.id,
          course_id: course.id,
          status: 'assigned',
          source: 'manual',
          assigned_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      learners.push({ username, assignmentId: assignment.id });
    }
    return { companyId: company.id, learners, questionIds };
  } finally {
    await handle.close();
  }
}
