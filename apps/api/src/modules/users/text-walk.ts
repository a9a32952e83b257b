import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { keepMatchList, keptMatchList } from './match-lists.ts';
import { usesTrigramIndex } from './text-search.ts';
import type { UserCriteria } from './users.criteria.ts';
import { type PageRequest, countUsers, readSearchIndexMatches, readWalkIds } from './users.repository.ts';

/**
 * Text matches above which fetching and sorting them all (a row lookup each) costs more than a
 * page's budget, so a walk in sort order is tried first.
 */
export const TEXT_WALK_MATCHES = 20_000;
/** A walk may step over this many users per match before giving up: a failed walk then costs a fraction of fetch-and-sort. */
const WALK_ROWS_PER_MATCH = 2;
/** The first read of a walk holds at least this many users; each further read doubles. */
const FIRST_READ_MIN = 256;

export interface TextWalk {
  /** The most users the walk may step over. */
  cap: number;
  /** How far the page lies along the walk if the matches were spread evenly. */
  expected: number;
}

/**
 * A text search's matches cluster in name order (all the Smiths sit under S), so no estimate of a
 * walk's length can be trusted. Many matches (a common trigram such as "son"): walk in sort order
 * through a bounded number of users, if even a uniform spread would fit in it. Fewer: undefined,
 * fetch and sort them.
 */
export async function planTextWalk(
  db: Kysely<Database>,
  criteria: UserCriteria,
  total: number,
  page: PageRequest,
): Promise<TextWalk | undefined> {
  if (!criteria.text || total < TEXT_WALK_MATCHES || !usesTrigramIndex(criteria.text)) return undefined;
  if (criteria.customFields?.length) return undefined;
  const { text: _text, ...others } = criteria;
  const population = await countUsers(db, 'sqlite', others);
  const cap = total * WALK_ROWS_PER_MATCH;
  const expected = ((page.offset + page.limit) * population) / total;
  return expected <= cap ? { cap, expected } : undefined;
}

/**
 * SQLite: the ids of every user of all companies whose text contains `text` (three characters or
 * more), ascending, from the search index alone (no row read: 2–8 ms for 10,000–110,000), kept
 * under the data stamp like a list.
 */
export async function searchIndexMatches(db: Kysely<Database>, text: string): Promise<Int32Array> {
  const key = JSON.stringify(['search index', text.toLowerCase()]);
  const kept = await keptMatchList(db, 'sqlite', key);
  if (kept) return kept;
  const read = await readSearchIndexMatches(db, text);
  keepMatchList(db, key, read);
  return read.ids;
}

/** True when `sorted` (ascending) holds `id`. */
function sortedHas(sorted: Int32Array, id: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * SQLite: the ids of a text search's page, found by walking the other criteria's users in sort order
 * (the covering sort index, read in growing slices) and keeping those in the term's set of search
 * index matches. That set (all companies, ascending ids, no row read) is kept under the data stamp,
 * so a repeated search reads neither it nor 110,000 rows again. A walk is a prefix of the same order
 * as fetch-and-sort, so a page it fills (or that holds every match left) is exact; undefined when
 * the walk reaches its cap first, and the caller fetches and sorts.
 */
export async function walkTextPage(
  db: Kysely<Database>,
  criteria: UserCriteria,
  page: PageRequest,
  total: number,
  walk: TextWalk,
): Promise<Int32Array | undefined> {
  const { text = '', ...others } = criteria;
  const matches = await searchIndexMatches(db, text);
  const wanted = Math.min(page.limit, total - page.offset);
  const found: number[] = [];
  let passed = 0;
  let walked = 0;
  let slice = Math.max(FIRST_READ_MIN, Math.ceil(walk.expected * 1.5));
  while (found.length < wanted && walked < walk.cap) {
    const ids = await readWalkIds(db, others, page, Math.min(slice, walk.cap - walked), walked);
    for (const id of ids) {
      if (!sortedHas(matches, id)) continue;
      if (passed++ >= page.offset) found.push(id);
      if (found.length === wanted) break;
    }
    walked += ids.length;
    if (ids.length < slice) break;
    slice *= 2;
  }
  return found.length === wanted ? Int32Array.from(found) : undefined;
}
