import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { USER_COLUMNS, type UserCriteria, type UserListRow, criteriaWhere } from './users-list.repository.ts';

export {
  type PageRequest,
  type UserListRow,
  type UserSort,
  USER_COLUMNS,
  USER_ORDER,
  buildCountQuery,
  buildPageQuery,
  countUsers,
} from './users-list.repository.ts';

export async function findCompanyNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** One user of the company, inside the scope; undefined when missing, foreign or out of scope alike. */
export async function findUserRow(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  id: number,
): Promise<UserListRow | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.id', '=', id)
    .where(criteriaWhere(dialect, criteria))
    .executeTakeFirst();
}
