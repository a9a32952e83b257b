import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../types.ts';
import type { PlanHint } from './plan-hint.ts';

/** What every list's criteria may hold: a free text search, matched through the list's text index. */
export interface ListCriteria {
  text?: string | undefined;
}

/** One page of a list: the keys to order by (the last one unique, so pages never overlap), and where it starts. */
export interface ListPageRequest<Key extends string = string> {
  orderBy: Key[];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export type ListOrder<Key extends string = string> = Pick<ListPageRequest<Key>, 'orderBy' | 'order'>;

export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/** A table whose rows a list pages: its key is an integer `id`. */
export type ListTable = 'users' | 'companies' | 'courses' | 'assignments';

/** What a list's WHERE clause is given by the engine, so that it never asks which database it runs on. */
export interface WhereContext {
  /**
   * A filter column matched against `valueCount` values: visible to the planner, or hidden from
   * SQLite's planner (`+column`) when the plan must not use its index (see `PlanHint`).
   */
  column(name: string, valueCount: number): RawBuilder<unknown>;
  /** The text's condition through this database's text index; undefined when the plan joins the matches instead. */
  textCondition(text: string): RawBuilder<SqlBool> | undefined;
  /** The plan on SQLite (a list's own set filters read it); always undefined on PostgreSQL, whose planner has statistics. */
  hint: PlanHint | undefined;
}

/** SQLite's side of a list's text index. */
export interface SqliteTextIndex<Criteria> {
  /** The condition that a row's text contains `text`. */
  condition(text: string, criteria: Criteria): RawBuilder<SqlBool>;
  /** True when the index itself can look `text` up (a shorter term is matched by the condition alone). */
  indexed(text: string): boolean;
  /**
   * The ids of every row of the criteria's tenant whose text contains `text`, ascending, from the
   * index alone and kept under the data stamp; undefined when too many match to be worth reading.
   * With `ownerColumn`, the ids of the matching owners instead.
   */
  matchSet(db: Kysely<Database>, text: string, criteria: Criteria): Promise<Int32Array | undefined>;
  /**
   * Set when a row's text is its owner's (an assignment's is its learner's): the column holding the
   * owner's id, which `matchSet` holds. A walk then checks each walked row's owner; no plan takes the
   * set's size for the rows' count or joins the set as row ids.
   */
  ownerColumn?: string;
  /**
   * For a walk: a condition that the row `id` matches `text`, checked by one look-up of that row's
   * own entry in the index; undefined when the criteria allow none (no tenant, say).
   */
  probe?(text: string, criteria: Criteria): ((id: RawBuilder<unknown>) => RawBuilder<SqlBool>) | undefined;
}

/** PostgreSQL's side of a list's text index. */
export interface PostgresTextIndex<Criteria> {
  condition(text: string, criteria: Criteria): RawBuilder<SqlBool>;
}

/**
 * One of the disjoint parts a list's criteria can be read as (`ListSpec.parts`): its own criteria,
 * whether it is small (read through its filters and sorted, never walked in sort order), and sort keys
 * it holds constant (a part of one status, sorted by status).
 */
export interface ListPart<Criteria> {
  criteria: Criteria;
  small?: boolean;
  sortValues?: Readonly<Record<string, RawBuilder<unknown>>>;
}

/**
 * One group of a grouped sort (`ListSpec.groupedSorts`): the rows of `criteria` (the list's, narrowed
 * to the group), which follow each other in the rest of the sort's order.
 */
export interface ListGroup<Criteria> {
  criteria: Criteria;
}

/**
 * A list, described once by its domain: the engine (`list-page.ts`) gives it paging, totals, kept
 * lists, text walks, top-k pages and the counts cache. See README.md beside this file.
 */
export interface ListSpec<Criteria extends ListCriteria, Row> {
  /** Names the list in the engine's cache keys. */
  name: string;
  table: ListTable;
  /** The rows of a page: the table's columns a response shows (the engine adds the id condition and the order). */
  selectRows(db: Kysely<Database>): SelectQueryBuilder<Database, any, Row>;
  /** Sort keys that are expressions rather than columns of the table (`lower(name)`); others are `table.key`. */
  sortExpressions?: Readonly<Record<string, RawBuilder<unknown>>>;
  /**
   * Sort keys whose order reads tables that do not move the data stamp (a count of assignments, which
   * learners write all day): a list in such an order is read afresh, never kept.
   */
  unkeptSortKeys?: ReadonlySet<string>;
  /** Numeric sort columns (qualified): PostgreSQL hides them from its planner with `+ 0`, text ones with `|| ''`. */
  numericColumns: ReadonlySet<string>;
  /** The WHERE clause of a criteria. */
  where(context: WhereContext, criteria: Criteria): (eb: ExpressionBuilder<Database, any>) => Expression<SqlBool>;
  /** True when the criteria filter beyond the tenant (and so may pick an index other than the sort's). */
  hasFilters(criteria: Criteria): boolean;
  /**
   * The rows a walk in the sort led by `sortLead` passes through: the tenant, whatever the filters,
   * or fewer where an index orders a filter's matches by that key.
   */
  population(criteria: Criteria, sortLead: string): Criteria;
  /**
   * The criteria as disjoint parts, each one index range in the order asked (a status read from its
   * codes, and the rows that turned since apart): a walk in sort order reads them as one UNION ALL,
   * merged in that order. Undefined when the criteria are one range already.
   */
  parts?(criteria: Criteria, order: ListOrder): ListPart<Criteria>[] | undefined;
  /**
   * Sort keys that take few values (a course's name, a status), ordered `[key, …, 'id']`: the list is
   * their groups one after another, each in the rest of the sort's order. Given the criteria, the
   * groups in the key's ascending order (rows with equal keys in one group), or undefined when they
   * cannot be listed. The engine counts each group by `quickCount`, skips whole groups and reads the
   * page from the one or two holding it.
   */
  groupedSorts?: Readonly<
    Record<string, (db: Kysely<Database>, criteria: Criteria) => Promise<readonly ListGroup<Criteria>[] | undefined>>
  >;
  sqlite: {
    /**
     * Filter columns (qualified) whose index, with the key of a sort, yields that sort's order; a
     * function when that depends on the criteria (a column that orders only beside another filter).
     */
    orderingFilters: Readonly<Record<string, readonly string[] | ((criteria: Criteria) => readonly string[])>>;
    /** True when sorting these criteria by id reads the table in rowid order (no (tenant, id) index). */
    idSortWalksTable(criteria: Criteria): boolean;
    /** True when a filter's matches are fetched as a set through their own index (custom fields, say). */
    hasSetFilters(criteria: Criteria): boolean;
    /** An exact total the domain keeps cheaply (a trigger-kept count, the text index's own count), or undefined. */
    quickCount?(db: Kysely<Database>, criteria: Criteria): Promise<number | undefined>;
    text?: SqliteTextIndex<Criteria>;
  };
  postgres: {
    /** True when no index gives the order of these criteria's matches, so every match is fetched and sorted. */
    fetchesAll(criteria: Criteria): boolean;
    /** As SQLite's: an exact total the domain keeps (the report rollups' sum), or undefined. */
    quickCount?(db: Kysely<Database>, criteria: Criteria): Promise<number | undefined>;
    text?: PostgresTextIndex<Criteria>;
  };
}
