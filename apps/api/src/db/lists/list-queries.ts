import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import { POSTGRES_STAMP, dataStamp, stampOf } from '../data-stamp.ts';
import type { Database } from '../types.ts';
import { cachedCount, cachedQuickCount } from './count-cache.ts';
import type { ListCriteria, ListOrder, ListPageRequest, ListPart, ListSpec } from './list-spec.ts';
import type { MatchList } from './match-lists.ts';
import { type PlanHint, defaultHint, orderColumn, sortRef, whereContext } from './plan-hint.ts';
import { readSqliteIds } from './read-ids.ts';

type AnySpec<Criteria extends ListCriteria, Row = unknown> = ListSpec<Criteria, Row>;

/** The engine's queries name their table at run time; the spec's own builders keep the types. */
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<any>;

/**
 * SQLite: the rows of the given ids, each looked up by its row id: the ids (one JSON array, one
 * parameter) drive a CROSS JOIN, which SQLite never reorders. `id IN (json_each(…))` would first
 * copy them into a temporary index (a quarter slower).
 */
function idsJoin(db: Kysely<Database>, table: string, ids: Int32Array) {
  const matches = sql<{ value: number }>`json_each(${JSON.stringify(Array.from(ids))})`.as('matches');
  return untyped(db).selectFrom(matches).crossJoin(table).whereRef(`${table}.id`, '=', 'matches.value');
}

/** Which rows of the order a query reads: `limit` of them from `offset` on; all when absent. */
export interface RowRange {
  limit?: number;
  offset?: number;
  /** A column of the table read beside each id, as `owner` (a text walk's owner column): from the index when it covers it. */
  owner?: string;
}

const inRange = <Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, range: RowRange) => {
  const limited = range.limit === undefined ? query : query.limit(range.limit);
  return range.offset ? limited.offset(range.offset) : limited;
};

/** The ids of the rows the criteria match in the page's order, `range` of them, unexecuted. */
export function buildMatchIdsQuery<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
  page: ListOrder,
  hint: PlanHint | undefined,
  range: RowRange = {},
) {
  const { table } = spec;
  const walks = !hint?.textIds && (hint === undefined || hint.mode === 'plain' || hint.mode === 'sortDriven');
  const parts = walks ? spec.parts?.(criteria, page) : undefined;
  if (parts && parts.length > 0) return partsIdsQuery(db, dialect, spec, parts, page, hint, range);
  const from = hint?.textIds && dialect === 'sqlite' ? idsJoin(db, table, hint.textIds) : untyped(db).selectFrom(table);
  let query = from.select(`${table}.id`).where(spec.where(whereContext(dialect, spec, criteria, hint), criteria));
  if (range.owner) query = query.select(sql.ref(`${table}.${range.owner}`).as('owner'));
  for (const key of page.orderBy) query = query.orderBy(orderColumn(dialect, spec, key, hint), page.order);
  return inRange(query, range);
}

/**
 * The parts' ids as one UNION ALL ordered by the sort keys (each part selects them as k0, k1, …):
 * both databases merge parts that each come in order from an index range, and sort a small one.
 */
function partsIdsQuery<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  parts: ListPart<Criteria>[],
  page: ListOrder,
  hint: PlanHint | undefined,
  range: RowRange,
) {
  const { table } = spec;
  const sortLead = page.orderBy[0] ?? 'id';
  const arms = parts.map((part) => {
    // SQLite: a small part is read through its filters and sorted (its index hidden from the sort),
    // its few rows each checked against set filters rather than building their sets. PostgreSQL plans
    // each part by its statistics.
    const partHint: PlanHint | undefined =
      part.small && dialect === 'sqlite' ? { mode: 'filterDriven', sortLead, probe: true } : hint;
    const keys = page.orderBy.map((key, i) =>
      sql`${part.sortValues?.[key] ?? orderColumn(dialect, spec, key, partHint)}`.as(`k${i}`),
    );
    const owner = range.owner ? [sql.ref(`${table}.${range.owner}`).as('owner')] : [];
    return untyped(db)
      .selectFrom(table)
      .select([sql`${sql.ref(`${table}.id`)}`.as('id'), ...keys, ...owner])
      .where(spec.where(whereContext(dialect, spec, part.criteria, partHint), part.criteria));
  });
  if (dialect === 'postgres') {
    // PostgreSQL plans a UNION ALL member that has a WHERE as a subquery of its own, with no order of
    // its own: each part would be read whole and sorted. Ordered, and cut at the page's end, each
    // part is an index range in order, and a Merge Append reads from each only what the page needs.
    // A small part stays unordered: fetched through its filters' index and sorted (ordered and cut,
    // the planner may walk the sort index hoping to meet its few rows early).
    const end = range.limit === undefined ? undefined : range.limit + (range.offset ?? 0);
    const ordered = arms.map((arm, i) => {
      if (parts[i]?.small) return arm;
      let part = arm;
      for (const [k] of page.orderBy.entries()) part = part.orderBy(sql.ref(`k${k}`), page.order);
      return end === undefined ? part : part.limit(end);
    });
    const union = sql.join(ordered, sql` UNION ALL `);
    let merged = untyped(db)
      .selectFrom(sql`(${union})`.as('u'))
      .select(range.owner ? ['u.id', 'u.owner'] : ['u.id']);
    for (const [i] of page.orderBy.entries()) merged = merged.orderBy(sql.ref(`u.k${i}`), page.order);
    return inRange(merged, range);
  }
  let union = arms[0]!;
  for (const arm of arms.slice(1)) union = union.unionAll(arm);
  for (const [i] of page.orderBy.entries()) union = union.orderBy(sql.ref(`k${i}`), page.order);
  return untyped(db)
    .selectFrom(inRange(union, range).as('p'))
    .select(range.owner ? ['p.id', 'p.owner'] : ['p.id']);
}

/**
 * The page query, unexecuted (tests EXPLAIN it). A deferred join: the inner query orders and skips
 * narrow (sort key, id) entries, often straight from a covering index, and only the page's rows are
 * read whole.
 */
export function buildPageQuery<Criteria extends ListCriteria, Row>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria, Row>,
  criteria: Criteria,
  page: ListPageRequest,
  hint: PlanHint | undefined = defaultHint(criteria, page.orderBy[0]),
) {
  const ids = buildMatchIdsQuery(db, dialect, spec, criteria, page, hint, page);
  let rows = spec.selectRows(db);
  for (const key of page.orderBy) rows = rows.orderBy(sortRef(spec, key), page.order);
  return rows.where(sql.ref(`${spec.table}.id`), 'in', ids);
}

/** The count query, unexecuted (tests EXPLAIN it). */
export function buildCountQuery<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
) {
  return untyped(db)
    .selectFrom(spec.table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(spec.where(whereContext(dialect, spec, criteria, defaultHint(criteria)), criteria));
}

/**
 * How many rows the criteria match: a total the domain keeps (SQLite), else a count kept under the
 * data stamp (`count-cache.ts`), so a total is never stale and a repeated one costs a stamp read.
 */
export async function countList<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
): Promise<number> {
  const quick = await quickCountList(db, dialect, spec, criteria);
  if (quick !== undefined) return quick;
  return cachedCount(db, dialect, JSON.stringify([spec.name, criteria]), buildCountQuery(db, dialect, spec, criteria));
}

/** The total the domain keeps for the criteria (`quickCount`), kept under the data stamp; undefined when it keeps none. */
export async function quickCountList<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
): Promise<number | undefined> {
  const quickCount = dialect === 'sqlite' ? spec.sqlite.quickCount : spec.postgres.quickCount;
  if (!quickCount) return undefined;
  const clockBound = (criteria as { now?: unknown }).now !== undefined;
  const key = JSON.stringify([spec.name, criteria]);
  return cachedQuickCount(db, dialect, key, clockBound, () => quickCount(db, criteria));
}

/** Roughly how many rows the table holds (all tenants): what a rowid-order scan walks. */
export async function tableSize(db: Kysely<Database>, table: string): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/**
 * Every id the criteria match, in the page's order, read as one aggregate (the ids cross into
 * JavaScript as one JSON array, not an object per row), with the data stamp it was read under.
 */
export async function readMatchList<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  dialect: Dialect,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
  page: ListOrder,
  hint: PlanHint | undefined,
): Promise<MatchList> {
  if (dialect === 'sqlite') {
    // Read first: a write racing the list changes the stamp, so the list is never served again.
    const stamp = await dataStamp(db, dialect);
    return { ids: await readSqliteIds(db, buildMatchIdsQuery(db, dialect, spec, criteria, page, hint)), stamp };
  }
  // PostgreSQL: the stamp in the same statement, so the same snapshot; row numbers make the order explicit.
  const order = sql.join(page.orderBy.map((key) => sql`${sortRef(spec, key)} ${sql.raw(page.order)}`));
  const numbered = untyped(db)
    .selectFrom(spec.table)
    .select([`${spec.table}.id`, sql<number>`row_number() OVER (ORDER BY ${order})`.as('n')])
    .where(spec.where(whereContext(dialect, spec, criteria, hint), criteria));
  const { rows } = await sql<{ ids: number[]; stamp: string | null }>`
    SELECT coalesce(json_agg(m.id ORDER BY m.n), '[]'::json) AS ids, ${POSTGRES_STAMP} AS stamp
    FROM (${numbered}) AS m`.execute(db);
  return { ids: Int32Array.from(rows[0]?.ids ?? []), stamp: stampOf(rows[0]?.stamp) };
}

/**
 * SQLite: `limit` ids from `offset` on, in sort order, of the rows the criteria match, read
 * through the sort index (a walk); the criteria should carry no text (the walk checks it).
 */
export function readWalkIds<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
  page: ListOrder,
  limit: number,
  offset: number,
): Promise<Int32Array> {
  const hint: PlanHint = { mode: 'sortDriven', sortLead: page.orderBy[0] ?? 'id' };
  return readSqliteIds(db, buildMatchIdsQuery(db, 'sqlite', spec, criteria, page, hint, { limit, offset }));
}

/**
 * SQLite: as {@link readWalkIds}, with each row's `owner` column beside its id (a text walk whose
 * matches are the rows' owners: an assignment's learner).
 */
export async function readWalkOwners<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
  page: ListOrder,
  range: Required<RowRange>,
): Promise<{ ids: Int32Array; owners: Int32Array }> {
  const hint: PlanHint = { mode: 'sortDriven', sortLead: page.orderBy[0] ?? 'id' };
  const walked = buildMatchIdsQuery(db, 'sqlite', spec, criteria, page, hint, range);
  const { rows } = await sql<{ ids: string; owners: string }>`SELECT json_group_array(m.id) AS ids,
    json_group_array(m.owner) AS owners FROM (${walked}) AS m`.execute(db);
  const parse = (json: string | undefined) => Int32Array.from(JSON.parse(json ?? '[]') as number[]);
  return { ids: parse(rows[0]?.ids), owners: parse(rows[0]?.owners) };
}

/**
 * SQLite: of the first `walk` rows in sort order that the criteria (without text) match, the ids of
 * at most `limit` that `probe` keeps (a look-up of each row's own entry in the text index).
 */
export function readProbedWalkIds<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: AnySpec<Criteria>,
  criteria: Criteria,
  page: ListOrder,
  probe: (id: RawBuilder<unknown>) => RawBuilder<SqlBool>,
  walk: number,
  limit: number,
): Promise<Int32Array> {
  const hint: PlanHint = { mode: 'sortDriven', sortLead: page.orderBy[0] ?? 'id' };
  const walked = buildMatchIdsQuery(db, 'sqlite', spec, criteria, page, hint, { limit: walk });
  // A subquery with a LIMIT under a WHERE is never flattened: its rows keep their order.
  return readSqliteIds(db, sql`SELECT w.id FROM (${walked}) AS w WHERE ${probe(sql.ref('w.id'))} LIMIT ${limit}`);
}

/** The rows of the given ids, in that order (ids of missing rows are left out). */
export async function rowsInOrder<Row extends { id: number }>(
  db: Kysely<Database>,
  spec: AnySpec<any, Row>,
  ids: ArrayLike<number>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await spec
    .selectRows(db)
    .where(sql.ref(`${spec.table}.id`), 'in', Array.from(ids))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Array.from(ids, (id) => byId.get(id)).filter((row) => row !== undefined);
}
