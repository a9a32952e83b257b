import type { Kysely } from 'kysely';
import { queriesAtOnce } from '../../db/queries-at-once.ts';
import type { Database } from '../../db/types.ts';

/** What a page of users shows beside its own columns, fetched for the page's rows only, one query per relation. */
export interface UserRelations {
  departments: Map<number, string>;
  managers: Map<number, string>;
  customFields: Map<number, Record<string, string | null>>;
}

const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

export async function loadUserRelations(
  db: Kysely<Database>,
  rows: { id: number; department_id: number | null; manager_id: number | null }[],
): Promise<UserRelations> {
  const departmentIds = unique(rows.map((r) => r.department_id));
  const managerIds = unique(rows.map((r) => r.manager_id));
  const userIds = rows.map((r) => r.id);
  const [departments, managers, values] = await queriesAtOnce(db, [
    () =>
      departmentIds.length
        ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', departmentIds).execute()
        : [],
    () =>
      managerIds.length
        ? db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', managerIds).execute()
        : [],
    () =>
      userIds.length
        ? db
            .selectFrom('user_field_values')
            .innerJoin('custom_fields', 'custom_fields.id', 'user_field_values.field_id')
            .select(['user_field_values.user_id', 'custom_fields.key', 'user_field_values.value'])
            .where('user_field_values.user_id', 'in', userIds)
            .execute()
        : [],
  ]);
  const entries = new Map<number, [string, string | null][]>();
  for (const value of values) {
    const list = entries.get(value.user_id) ?? [];
    list.push([value.key, value.value]);
    entries.set(value.user_id, list);
  }
  // fromEntries defines own properties, so no key (not even "__proto__") reaches a prototype.
  const customFields = new Map([...entries].map(([userId, list]) => [userId, Object.fromEntries(list)]));
  return {
    departments: new Map(departments.map((d) => [d.id, d.name])),
    managers: new Map(managers.map((m) => [m.id, `${m.first_name} ${m.last_name}`])),
    customFields,
  };
}

/** The company's custom fields with the given keys (for filters and validation). */
export async function findCustomFields(db: Kysely<Database>, companyId: number, keys?: string[]) {
  if (keys && keys.length === 0) return [];
  let query = db
    .selectFrom('custom_fields')
    .select(['id', 'key', 'type', 'options', 'required'])
    .where('company_id', '=', companyId);
  if (keys) query = query.where('key', 'in', keys);
  return query.execute();
}
export type CustomFieldDef = Awaited<ReturnType<typeof findCustomFields>>[number];
