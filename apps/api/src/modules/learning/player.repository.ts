import { type Compilable, type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { castInteger, castText, lockRows } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

// The player's SQL (README.md beside this file). Every step is a few indexed statements; exactly-once
// writes are INSERT … ON CONFLICT DO NOTHING on the unique indexes of migration 023, never a
// read-then-write.

/** The assignment fields the player shows and a step updates. */
export interface AssignmentFields {
  status: string;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  expires_at: string | null;
  progress: number;
  score: number | null;
  recertify_months: number | null;
}

const ASSIGNMENT_FIELDS = [
  'status',
  'due_at',
  'started_at',
  'completed_at',
  'expires_at',
  'progress',
  'score',
  'recertify_months',
] as const;

export interface OwnAssignmentRow extends AssignmentFields {
  id: number;
  course_id: number;
}

/**
 * One of the learner's own assignments (undefined for anyone else's); with `lock`, its row is held
 * until the transaction ends (PostgreSQL; SQLite's write lock already), so attempts start one at a time.
 */
export function findOwnAssignment(
  db: Db,
  assignmentId: number,
  userId: number,
  companyId: number,
  lock?: Dialect,
): Promise<OwnAssignmentRow | undefined> {
  const query = db
    .selectFrom('assignments')
    .select(['id', 'course_id', ...ASSIGNMENT_FIELDS])
    .where('id', '=', assignmentId)
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId);
  return (lock ? lockRows(lock, query, 'no key update') : query).executeTakeFirst();
}

export interface AttemptRow {
  id: number;
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  course_version_id: number;
  attempt: number;
  status: string;
  score: number | null;
  state: string;
  started_at: string;
  finished_at: string | null;
}

const ATTEMPT_COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'assignment_id',
  'course_id',
  'course_version_id',
  'attempt',
  'status',
  'score',
  'state',
  'started_at',
  'finished_at',
] as const;

/** The assignment's latest attempt (by number, through the unique (assignment_id, attempt) index). */
export function findLatestAttempt(db: Db, assignmentId: number): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('course_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('assignment_id', '=', assignmentId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The highest attempt number among the assignment's answers (0: none): answers written before the
 * player (the demo's history) have numbers without attempt rows, which a new attempt's must pass.
 */
export async function maxAnsweredAttempt(db: Db, assignmentId: number): Promise<number> {
  const row = await db
    .selectFrom('question_answers')
    .select((eb) => eb.fn.max('attempt').as('n'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type AttemptWithAssignment = AttemptRow & { assignment: AssignmentFields };

/**
 * A query built and compiled once per database kind, each call binding its parameters (in the order
 * they appear in the SQL): Kysely otherwise rebuilds and recompiles it on every call, a good part of a
 * SCORM commit's cost. Unlike `compileOnce` (db/compile-once.ts) it serves transactions too: the SQL
 * depends on the dialect only, not on the handle.
 */
function compiledPerDialect<Row>(build: (db: Db, dialect: Dialect) => Compilable<Row>) {
  const compiled = new Map<Dialect, CompiledQuery<Row>>();
  return async (db: Db, dialect: Dialect, parameters: readonly unknown[]): Promise<Row[]> => {
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, dialect).compile();
      if (query.parameters.length !== parameters.length)
        throw new Error(`the query has ${query.parameters.length} parameters, not ${parameters.length}`);
      compiled.set(dialect, query);
    }
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** Parameters: attempt id, user id, company id. */
const lockedAttemptQuery = compiledPerDialect((db, dialect) =>
  lockRows(
    dialect,
    db
      .selectFrom('course_attempts as t')
      .innerJoin('assignments as a', 'a.id', 't.assignment_id')
      .select(ATTEMPT_COLUMNS.map((c) => `t.${c}` as const))
      .select(ASSIGNMENT_FIELDS.map((c) => `a.${c} as a_${c}` as const))
      .where('t.id', '=', 0)
      .where('t.user_id', '=', 0)
      .where('t.company_id', '=', 0),
    'no key update',
  ).$castTo<Record<string, unknown>>(),
);

/** Parameters: state, updated_at, attempt id. */
const attemptStateUpdate = compiledPerDialect((db) =>
  db.updateTable('course_attempts').set({ state: '', updated_at: '' }).where('id', '=', 0),
);

/**
 * One of the learner's own attempts with its assignment, both rows held until the transaction ends
 * (PostgreSQL `FOR NO KEY UPDATE`; SQLite's write lock already): a step reads the attempt's state and
 * writes it back with nothing in between.
 */
export async function lockOwnAttempt(
  db: Db,
  dialect: Dialect,
  attemptId: number,
  userId: number,
  companyId: number,
): Promise<AttemptWithAssignment | undefined> {
  const [row] = await lockedAttemptQuery(db, dialect, [attemptId, userId, companyId]);
  if (!row) return undefined;
  const attempt = Object.fromEntries(ATTEMPT_COLUMNS.map((c) => [c, row[c]])) as unknown as AttemptRow;
  const assignment = Object.fromEntries(
    ASSIGNMENT_FIELDS.map((c) => [c, row[`a_${c}`]]),
  ) as unknown as AssignmentFields;
  return { ...attempt, assignment };
}

export interface NewAttempt {
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  course_version_id: number;
  attempt: number;
  state: string;
  now: string;
}

/** A new attempt in progress; undefined when that number exists already (unique (assignment_id, attempt)). */
export async function insertAttempt(db: Db, a: NewAttempt): Promise<AttemptRow | undefined> {
  const { now, ...fields } = a;
  return db
    .insertInto('course_attempts')
    .values({ ...fields, status: 'in_progress', score: null, started_at: now, finished_at: null, updated_at: now })
    .onConflict((oc) => oc.columns(['assignment_id', 'attempt']).doNothing())
    .returning(ATTEMPT_COLUMNS)
    .executeTakeFirst();
}

export async function updateAttemptState(
  db: Db,
  dialect: Dialect,
  attemptId: number,
  state: string,
  now: string,
): Promise<void> {
  await attemptStateUpdate(db, dialect, [state, now, attemptId]);
}

/**
 * Finishes an attempt still in progress; false when it was finished already (nothing changed), so a
 * finish runs its consequences once.
 */
export async function finishAttempt(
  db: Db,
  attemptId: number,
  fields: { status: 'passed' | 'failed'; score: number; state: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('course_attempts')
    .set({
      status: fields.status,
      score: fields.score,
      state: fields.state,
      finished_at: fields.now,
      updated_at: fields.now,
    })
    .where('id', '=', attemptId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ActivityRow {
  company_id: number;
  user_id: number;
  course_id: number;
  assignment_id: number;
  topic_id: number | null;
  event: string;
  data: Record<string, unknown> | null;
  step_key: string;
  created_at: string;
}

/** Parameters: the row's columns in ActivityRow's order, data as JSON text. */
const activityInsert = compiledPerDialect((db) =>
  db
    .insertInto('course_activity')
    .values({
      company_id: 0,
      user_id: 0,
      course_id: 0,
      assignment_id: 0,
      topic_id: 0,
      event: '',
      data: '',
      step_key: '',
      created_at: '',
    })
    .onConflict((oc) => oc.columns(['assignment_id', 'step_key']).doNothing())
    .returning('master_id'),
);

/** Writes a step's activity once: true when written, false when that step's key was there already. */
export async function insertActivity(db: Db, dialect: Dialect, row: ActivityRow): Promise<boolean> {
  const inserted = await activityInsert(db, dialect, [
    row.company_id,
    row.user_id,
    row.course_id,
    row.assignment_id,
    row.topic_id,
    row.event,
    row.data === null ? null : JSON.stringify(row.data),
    row.step_key,
    row.created_at,
  ]);
  return inserted.length > 0;
}

export interface AnswerRow {
  company_id: number;
  user_id: number;
  assignment_id: number;
  course_id: number;
  topic_id: number;
  question_id: number;
  attempt: number;
  choices: number[];
  correct: boolean;
  created_at: string;
}

/** Writes an answer once: true when written, false when the attempt had answered that question already. */
export async function insertAnswer(db: Db, row: AnswerRow): Promise<boolean> {
  const inserted = await db
    .insertInto('question_answers')
    .values({
      ...row,
      answer: row.choices[0] ?? 0,
      choices: JSON.stringify(row.choices),
      correct: row.correct ? 1 : 0,
    })
    .onConflict((oc) => oc.columns(['assignment_id', 'attempt', 'question_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The stored answer of an attempt to a question. */
export function findAnswer(db: Db, assignmentId: number, attempt: number, questionId: number) {
  return db
    .selectFrom('question_answers')
    .select(['answer', 'choices', 'correct'])
    .where('assignment_id', '=', assignmentId)
    .where('attempt', '=', attempt)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
}

/** A step's change to the assignment; undefined fields stay as they are. */
export interface AssignmentChange {
  progress?: number;
  /** Starting: in_progress and started_at when not yet set (a completed assignment keeps both). */
  start?: boolean;
  completion?: { score: number; completed_at: string; expires_at: string | null; course_version_id: number };
}

/** Applies a step's change and returns the assignment as it now stands. */
export async function updateAssignment(
  db: Db,
  assignmentId: number,
  change: AssignmentChange,
  now: string,
): Promise<AssignmentFields> {
  let query = db.updateTable('assignments').set({ updated_at: now }).where('id', '=', assignmentId);
  // A completed assignment being taken again (recertification) keeps its 100 until it completes anew.
  if (change.progress !== undefined && !change.completion)
    query = query.set({
      progress: sql<number>`CASE WHEN completed_at IS NULL THEN ${castInteger(change.progress)} ELSE progress END`,
    });
  if (change.start)
    query = query.set({
      status: sql<string>`CASE WHEN completed_at IS NULL THEN 'in_progress' ELSE status END`,
      started_at: sql<string>`coalesce(started_at, ${castText(now)})`,
    });
  if (change.completion)
    query = query.set({
      status: 'completed',
      progress: 100,
      score: change.completion.score,
      completed_at: change.completion.completed_at,
      expires_at: change.completion.expires_at,
      course_version_id: change.completion.course_version_id,
    });
  return query.returning(ASSIGNMENT_FIELDS).executeTakeFirstOrThrow();
}

/** The launch files of media rows (SCORM packages: the page the player opens), by id. */
export async function findMediaLaunchPaths(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('course_media').select(['id', 'launch_path']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.launch_path]));
}
