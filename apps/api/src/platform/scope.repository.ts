import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types.ts';

// The SQL of a caller's department scope (scope.ts decides who has one).

/** The paths of the user's own department and of every department they manage. */
export async function scopeRootPaths(
  db: Kysely<Database>,
  companyId: number,
  user: Pick<UserRow, 'id' | 'department_id'>,
): Promise<string[]> {
  const roots = await db
    .selectFrom('departments')
    .select('path')
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('id', '=', user.department_id ?? 0),
        eb(
          'id',
          'in',
          eb
            .selectFrom('department_managers')
            .select('department_id')
            .where('user_id', '=', user.id)
            .where('company_id', '=', companyId),
        ),
      ]),
    )
    .execute();
  return roots.map((root) => root.path);
}

/** The ids of the departments at or below the paths, ascending. */
export async function departmentIdsUnder(db: Kysely<Database>, companyId: number, paths: string[]): Promise<number[]> {
  // Paths are "/1/5/9/": digits and slashes only, so a prefix LIKE needs no escaping.
  const rows = await db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or(paths.map((path) => eb('path', 'like', `${path}%`))))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
