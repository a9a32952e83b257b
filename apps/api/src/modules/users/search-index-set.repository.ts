import { type Kysely, sql } from 'kysely';
import { dataStamp } from '../../db/data-stamp.ts';
import type { Database } from '../../db/types.ts';
import {
  MATCH_LIST_MAX_IDS,
  cachedCount,
  keepMatchList,
  keptMatchList,
  knownCount,
  readSqliteIds,
} from '../../db/lists/index.ts';
import { searchIndexIds } from './text-search.repository.ts';

const setKey = (text: string, companyId: number | null) =>
  JSON.stringify(['search index', companyId, text.toLowerCase()]);

/**
 * SQLite: the ids of every user of the company (all companies when null) whose text contains
 * `text` (three characters or more), ascending, from the search index alone: no user row is read
 * (migration 016; 2–8 ms for 12,000–110,000 matches). Kept under the data stamp like a list
 * (`db/lists/README.md`), so a repeated search reads nothing again. Undefined when more than a kept list's
 * ids match (a term most of a big company shares, its e-mail domain say): such a set costs more to
 * read than it saves, and a walk probes the index user by user instead.
 */
export async function searchIndexSet(
  db: Kysely<Database>,
  text: string,
  companyId: number | null,
): Promise<Int32Array | undefined> {
  const key = setKey(text, companyId);
  const kept = await keptMatchList(db, 'sqlite', key);
  if (kept) return kept;
  const known = await knownCount(db, 'sqlite', key);
  if (known !== undefined && known > MATCH_LIST_MAX_IDS) return undefined;
  // Read first: a write racing the read changes the stamp, so the set is never served again.
  const stamp = await dataStamp(db, 'sqlite');
  const ids = await readSqliteIds(db, sql`${searchIndexIds(text, companyId, true)} LIMIT ${MATCH_LIST_MAX_IDS + 1}`);
  if (ids.length > MATCH_LIST_MAX_IDS) return undefined;
  keepMatchList(db, key, { ids, stamp });
  return ids;
}

/** SQLite: how many users of the company (all companies when null) {@link searchIndexSet} matches, from the index alone. */
export async function searchIndexCount(db: Kysely<Database>, text: string, companyId: number | null): Promise<number> {
  const set = await searchIndexSet(db, text, companyId);
  if (set) return set.length;
  const count = db
    .selectFrom(sql`(${searchIndexIds(text, companyId)})`.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('total'));
  return cachedCount(db, 'sqlite', setKey(text, companyId), count);
}
