import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { createCompany, createDepartment, createUser } from './factories.ts';

export interface DepartmentsFixture {
  company: number;
  otherCompany: number;
  /** Department ids by name; `b` is company B's. */
  ids: Record<'sales' | 'emea' | 'uk' | 'apac' | 'ops' | 'b', number>;
}

/**
 * Company A:            users directly in it
 *   Sales               2 (students)
 *     EMEA              1 (the Department Manager, who manages EMEA)
 *       UK              3 (students, one deactivated)
 *     APAC              0
 *   Ops                 1 (student)
 * plus a Company Manager and a Reviewer in no department, and company B with one department and
 * one user. Sign-ins: cm, dm, reviewer, student, b.cm, admin (site admin of a vendor company).
 */
export async function createDepartmentsFixture(db: Kysely<Database>): Promise<DepartmentsFixture> {
  const vendor = await createCompany(db, { name: 'Vendor' });
  const a = await createCompany(db, { name: 'Acme' });
  const b = await createCompany(db, { name: 'Bravo' });
  const sales = await createDepartment(db, a.id, 'Sales');
  const emea = await createDepartment(db, a.id, 'EMEA', sales.id);
  const uk = await createDepartment(db, a.id, 'UK', emea.id);
  const apac = await createDepartment(db, a.id, 'APAC', sales.id);
  const ops = await createDepartment(db, a.id, 'Ops');
  const bDept = await createDepartment(db, b.id, 'Bravo HQ');
  await createUser(db, { companyId: vendor.id, username: 'admin', role: 1, siteAdmin: true });
  await createUser(db, { companyId: a.id, username: 'cm', role: 1 });
  await createUser(db, { companyId: a.id, username: 'reviewer', role: 3 });
  const dm = await createUser(db, { companyId: a.id, username: 'dm', role: 2, departmentId: emea.id });
  await db
    .insertInto('department_managers')
    .values({ user_id: dm.id, department_id: emea.id, company_id: a.id })
    .execute();
  await createUser(db, { companyId: a.id, username: 'student', departmentId: sales.id });
  await createUser(db, { companyId: a.id, departmentId: sales.id });
  for (const suspended of [false, false, true])
    await createUser(db, { companyId: a.id, departmentId: uk.id, suspended });
  await createUser(db, { companyId: a.id, departmentId: ops.id });
  await createUser(db, { companyId: b.id, username: 'b.cm', role: 1, departmentId: bDept.id });
  return {
    company: a.id,
    otherCompany: b.id,
    ids: { sales: sales.id, emea: emea.id, uk: uk.id, apac: apac.id, ops: ops.id, b: bDept.id },
  };
}
