import type { Kysely } from 'kysely';
import { queriesAtOnce } from '../../db/queries-at-once.ts';
import type { Database, UserRow } from '../../db/types.ts';
import type { DepartmentNode } from './department-index.ts';

/** The columns of a user the import compares and may change. */
const EXISTING_USER_COLUMNS = [
  'id',
  'company_id',
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'site_admin',
  'suspended',
  'department_id',
  'manager_id',
  'phone',
  'hired_at',
] as const;

export type ExistingUser = Pick<UserRow, (typeof EXISTING_USER_COLUMNS)[number]>;

/** Everything one chunk needs from the database, read in a handful of queries. */
export interface ChunkLookups {
  /** Users of any company holding these e-mails / usernames (both are unique across companies). */
  byEmail: Map<string, ExistingUser>;
  byUsername: Map<string, ExistingUser>;
  /** Users of the company by lower-case username and by e-mail: managers named by the rows. */
  managers: Map<string, number>;
  /** Custom field values of the matched users: user id → field id → value. */
  customValues: Map<number, Map<number, string | null>>;
}

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

export async function loadChunkLookups(
  db: Kysely<Database>,
  companyId: number,
  keys: { emails: (string | null)[]; usernames: (string | null)[]; managers: (string | null | undefined)[] },
  withCustomValues: boolean,
): Promise<ChunkLookups> {
  const emails = unique(keys.emails);
  const usernames = unique(keys.usernames);
  const managerRefs = unique(keys.managers);
  // Each list through its own unique index: with `company_id = ? AND (… OR …)` a planner may walk the
  // whole company instead, and a million-user company would make every chunk slower than the last.
  const byKey = (column: 'email' | 'username', values: string[]) =>
    values.length > 0 ? db.selectFrom('users').select(EXISTING_USER_COLUMNS).where(column, 'in', values).execute() : [];
  const managerBy = (column: 'email' | 'username') =>
    managerRefs.length > 0
      ? db
          .selectFrom('users')
          .select(['id', 'company_id', 'username', 'email'])
          .where(column, 'in', managerRefs)
          .execute()
      : [];
  const [byEmailRows, byUsernameRows, managersByUsername, managersByEmail] = await queriesAtOnce(db, [
    () => byKey('email', emails),
    () => byKey('username', usernames),
    () => managerBy('username'),
    () => managerBy('email'),
  ]);
  const managers = new Map<string, number>();
  for (const row of [...managersByUsername, ...managersByEmail]) {
    if (row.company_id !== companyId) continue;
    managers.set(row.username, row.id);
    if (row.email) managers.set(row.email, row.id);
  }
  const byEmail = new Map(byEmailRows.map((u) => [u.email as string, u]));
  const byUsername = new Map(byUsernameRows.map((u) => [u.username, u]));
  const customValues = new Map<number, Map<number, string | null>>();
  if (withCustomValues) {
    const ids = [
      ...new Set([...byEmailRows, ...byUsernameRows].filter((u) => u.company_id === companyId).map((u) => u.id)),
    ];
    if (ids.length > 0) {
      const values = await db
        .selectFrom('user_field_values')
        .select(['user_id', 'field_id', 'value'])
        .where('user_id', 'in', ids)
        .execute();
      for (const value of values) {
        const map = customValues.get(value.user_id) ?? new Map<number, string | null>();
        map.set(value.field_id, value.value);
        customValues.set(value.user_id, map);
      }
    }
  }
  return { byEmail, byUsername, managers, customValues };
}

export async function loadDepartments(db: Kysely<Database>, companyId: number): Promise<DepartmentNode[]> {
  return db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'name', 'path'])
    .where('company_id', '=', companyId)
    .execute();
}

export async function loadCustomFields(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'label', 'type', 'options', 'required'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
