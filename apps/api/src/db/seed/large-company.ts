import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { seedCatalog } from './catalog.ts';
import type { LargeCompany } from './large-rows.ts';
import { LOCATIONS } from './large-rows.ts';
import { Random } from './prng.ts';
import { IdAllocator, insertMany, resetSequences } from './seed-db.ts';

const TOP = ['Operations', 'Sales', 'Engineering', 'Support', 'Corporate'];
const SUB = ['North', 'South', 'East', 'West'];
const FIELDS = [
  { key: 'employee_id', label: 'Employee ID', type: 'text', options: null },
  { key: 'location', label: 'Location', type: 'select', options: JSON.stringify(LOCATIONS) },
  { key: 'hire_date', label: 'Hire date', type: 'date', options: null },
] as const;

/**
 * Finds or creates the company with a two-level department tree and three custom fields, and makes
 * sure a course catalog exists and is available to it (the demo's, created when the database has none).
 */
export async function prepareCompany(db: Kysely<Database>, name: string, now: Date): Promise<LargeCompany> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let company = await trx.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirst();
    company ??= await trx
      .insertInto('companies')
      .values({ name, logout_url: null, branding: null, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const companyId = company.id;
    const departmentIds = await ensureDepartments(trx, companyId, stamp);
    const fieldIds = await ensureFields(trx, companyId, stamp);
    const courses = await ensureCourses(trx, companyId, stamp);
    const domain = `${
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'company'
    }.example`;
    return { id: companyId, domain, departmentIds, fieldIds, courses };
  });
}

async function ensureDepartments(db: Kysely<Database>, companyId: number, stamp: string): Promise<number[]> {
  const existing = await db
    .selectFrom('departments')
    .select(['id', 'path'])
    .where('company_id', '=', companyId)
    .execute();
  if (existing.length === 0) {
    for (const top of TOP) {
      const parent = await insertDepartment(db, companyId, top, null, '/', stamp);
      for (const sub of SUB) await insertDepartment(db, companyId, `${top} ${sub}`, parent.id, parent.path, stamp);
    }
    return ensureDepartments(db, companyId, stamp);
  }
  // People go to the leaves: departments that are nobody's parent.
  return existing.filter((d) => !existing.some((o) => o.id !== d.id && o.path.startsWith(d.path))).map((d) => d.id);
}

async function insertDepartment(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  parentId: number | null,
  parentPath: string,
  stamp: string,
) {
  const { id } = await db
    .insertInto('departments')
    .values({ company_id: companyId, parent_id: parentId, name, path: '/', created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parentPath}${id}/`;
  await db.updateTable('departments').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

async function ensureFields(db: Kysely<Database>, companyId: number, stamp: string): Promise<LargeCompany['fieldIds']> {
  const ids = new Map<string, number>();
  for (const [position, field] of FIELDS.entries()) {
    const found = await db
      .selectFrom('custom_fields')
      .select('id')
      .where('company_id', '=', companyId)
      .where('key', '=', field.key)
      .executeTakeFirst();
    const row =
      found ??
      (await db
        .insertInto('custom_fields')
        .values({ company_id: companyId, ...field, position, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow());
    ids.set(field.key, row.id);
  }
  return { employeeId: ids.get('employee_id')!, location: ids.get('location')!, hireDate: ids.get('hire_date')! };
}

async function ensureCourses(db: Kysely<Database>, companyId: number, stamp: string) {
  const any = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  if (!any) {
    const ids = await IdAllocator.create(db, ['course_categories', 'courses', 'topics', 'questions']);
    await seedCatalog(db, ids, new Random('heed-catalog'), stamp);
    await resetSequences(
      db,
      ['course_categories', 'courses', 'topics', 'questions'].map((table) => ({ table })),
    );
  }
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'recertify_months'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const linked = new Set(
    (await db.selectFrom('course_companies').select('course_id').where('company_id', '=', companyId).execute()).map(
      (r) => r.course_id,
    ),
  );
  await insertMany(
    db,
    'course_companies',
    courses.filter((c) => !linked.has(c.id)).map((c) => ({ course_id: c.id, company_id: companyId })),
  );
  return courses.map((c) => ({ id: c.id, recertifyMonths: c.recertify_months }));
}
