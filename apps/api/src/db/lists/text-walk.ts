import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { dataStamp } from '../data-stamp.ts';
import { countList, readProbedWalkIds, readWalkIds, readWalkOwners } from './list-queries.ts';
import type { ListCriteria, ListPageRequest, ListSpec } from './list-spec.ts';
import { keepMatchList, keptMatchList } from './match-lists.ts';

/**
 * Below this many matches a walk is not worth trying: fetching and sorting them all costs about a
 * millisecond.
 */
const TEXT_WALK_MIN_MATCHES = 1_000;
/**
 * A walk may step over this many times the users a uniform spread of the matches would put before
 * the page's end, and at least {@link WALK_ROWS_PER_MATCH} per match. One step (an id read from the
 * covering sort index and checked against the set, about 0.1 µs) costs a ninth of fetching one
 * match's sort key for a top-k sort (0.9 µs), so a walk that gives up (the matches cluster in sort
 * order: all the Smiths sit under S) adds about 6% to the fetch-and-sort after it.
 */
const WALK_SPREAD_FACTOR = 8;
const WALK_ROWS_PER_MATCH = 0.5;
/** The first read of a walk holds at least this many users; each further read four times the last. */
const FIRST_READ_MIN = 256;

export interface TextWalk {
  /** The most users the walk may step over. */
  cap: number;
  /** How far the page lies along the walk if the matches were spread evenly. */
  expected: number;
}

/**
 * A text search's matches may cluster in sort order, so no estimate of a walk's length can be
 * trusted: walk in sort order through a bounded number of users (a few times what a uniform spread
 * would need), if even a uniform spread would fit in it. Few matches: undefined, fetch and sort them.
 */
export async function planTextWalk<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  total: number,
  page: ListPageRequest,
): Promise<TextWalk | undefined> {
  const index = spec.sqlite.text;
  if (!index || !criteria.text || total < TEXT_WALK_MIN_MATCHES || !index.indexed(criteria.text)) return undefined;
  if (spec.sqlite.hasSetFilters(criteria)) return undefined;
  const population = await countList(db, 'sqlite', spec, withoutText(criteria));
  const expected = ((page.offset + page.limit) * population) / total;
  const spread = Math.max(
    FIRST_READ_MIN,
    Math.ceil(expected * WALK_SPREAD_FACTOR),
    Math.ceil(total * WALK_ROWS_PER_MATCH),
  );
  // A row's owner is read from the table unless the sort index covers it: a step then costs about
  // what fetching one match does, so an owner walk goes no further than the matches are many.
  const cap = Math.min(spread, population, index.ownerColumn ? Math.max(FIRST_READ_MIN, total) : population);
  return expected <= cap ? { cap, expected } : undefined;
}

/** Membership of an ascending id set in one bit per id of its range: a walk checks every id it reads. */
function idBits(sorted: Int32Array): (id: number) => boolean {
  if (sorted.length === 0) return () => false;
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  const bits = new Uint32Array(((high - low) >>> 5) + 1);
  for (const id of sorted) bits[(id - low) >>> 5]! |= 1 << ((id - low) & 31);
  return (id) => id >= low && id <= high && (bits[(id - low) >>> 5]! & (1 << ((id - low) & 31))) !== 0;
}

/** The criteria without their text: what a walk reads in sort order. */
function withoutText<Criteria extends ListCriteria>(criteria: Criteria): Criteria {
  const { text: _text, ...others } = criteria;
  return others as Criteria;
}

/**
 * SQLite: the ids of a text search's page, found by walking the other criteria's rows in sort order
 * (the covering sort index, read in growing slices) and keeping those in the term's set of text
 * index matches. That set (the tenant's, ascending ids, no row read) is kept under the data stamp,
 * so a repeated search reads neither it nor 110,000 rows again. A walk is a prefix of the same order
 * as fetch-and-sort, so a page it fills (or that holds every match left) is exact; undefined when
 * the walk reaches its cap first, and the caller fetches and sorts. The matches walked through are
 * kept too, so the same page (or an earlier one) asked again is sliced from them. With the index's
 * `ownerColumn`, the set holds owners and each walked row's owner is checked (decision 100).
 */
export async function walkTextPage<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  page: ListPageRequest,
  total: number,
  walk: TextWalk,
): Promise<Int32Array | undefined> {
  const index = spec.sqlite.text;
  const text = criteria.text ?? '';
  if (!index) return undefined;
  const others = withoutText(criteria);
  const wanted = Math.min(page.limit, total - page.offset);
  const prefixKey = JSON.stringify(['text walk', spec.name, criteria, page.orderBy, page.order]);
  const kept = await keptMatchList(db, 'sqlite', prefixKey);
  if (kept && kept.length >= page.offset + wanted) return kept.subarray(page.offset, page.offset + wanted);
  const stamp = await dataStamp(db, 'sqlite');
  const matches = await index.matchSet(db, text, criteria);
  if (!matches) return probeTextPage(db, spec, criteria, page, wanted, walk);
  const isMatch = idBits(matches);
  const owner = index.ownerColumn;
  const read = async (limit: number, offset: number) => {
    if (!owner) {
      const ids = await readWalkIds(db, spec, others, page, limit, offset);
      return { ids, keys: ids };
    }
    const { ids, owners } = await readWalkOwners(db, spec, others, page, { limit, offset, owner });
    return { ids, keys: owners };
  };
  const end = page.offset + wanted;
  // Every match walked through, in order: kept under the stamp read before the walk, so a page inside
  // it (the same page asked again, or an earlier one) is sliced from it without walking.
  const matched: number[] = [];
  let walked = 0;
  // Reads grow fourfold from where a uniform spread would end the page: each read skips the rows
  // before it again (in SQLite, cheaply), and the last one reads at most three times what it needs.
  let slice = Math.max(FIRST_READ_MIN, Math.ceil(walk.expected * 1.5));
  while (matched.length < end && walked < walk.cap) {
    const limit = Math.min(slice, walk.cap - walked);
    const { ids, keys } = await read(limit, walked);
    for (const [i, id] of ids.entries()) {
      if (!isMatch(keys[i]!)) continue;
      matched.push(id);
      if (matched.length === end) break;
    }
    walked += ids.length;
    if (ids.length < limit) break;
    slice *= 4;
  }
  if (matched.length < end) return undefined;
  const walkedIds = Int32Array.from(matched);
  keepMatchList(db, prefixKey, { ids: walkedIds, stamp });
  return walkedIds.subarray(page.offset);
}

/**
 * A walk for a term too common for its set of matches to be read (`matchSet`): each row walked is
 * probed in the text index, about 800 times a set look-up, so the walk goes no further than a few
 * times a uniform spread (most rows match, so that is a few dozen).
 */
async function probeTextPage<Criteria extends ListCriteria>(
  db: Kysely<Database>,
  spec: ListSpec<Criteria, unknown>,
  criteria: Criteria,
  page: ListPageRequest,
  wanted: number,
  walk: TextWalk,
): Promise<Int32Array | undefined> {
  const text = criteria.text ?? '';
  const probe = spec.sqlite.text?.probe?.(text, criteria);
  if (!probe) return undefined;
  const cap = Math.min(walk.cap, Math.max(FIRST_READ_MIN, Math.ceil(walk.expected * WALK_SPREAD_FACTOR)));
  const ids = await readProbedWalkIds(db, spec, withoutText(criteria), page, probe, cap, page.offset + wanted);
  return ids.length === page.offset + wanted ? ids.subarray(page.offset) : undefined;
}
