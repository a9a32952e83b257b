import type { Company, companyBody, companyUpdateBody, listCompaniesQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { listCompanies as listCompanyRows } from './companies-list.repository.ts';
import { toCompany } from './companies.mapper.ts';
import {
  endCompanySessions,
  findCompany,
  findCompanyNamed,
  insertCompany,
  updateCompany as updateCompanyRow,
} from './companies.repository.ts';

const NAME_TAKEN = 'A company with this name already exists.';
const flag = (value: boolean) => (value ? 1 : 0);

export async function listCompanies(
  db: Kysely<Database>,
  dialect: Dialect,
  query: z.output<typeof listCompaniesQuery>,
) {
  const criteria = { text: query.name || undefined, includeSuspended: query.suspended !== false };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const { rows, total } = await listCompanyRows(db, dialect, criteria, page);
  return {
    data: rows.map(toCompany),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** Site admins read any company; everyone else only their own (another answers as if it did not exist). */
export async function getCompany(db: Kysely<Database>, ctx: AuthedContext, id: number): Promise<Company> {
  if (ctx.user.site_admin !== 1 && id !== ctx.user.company_id) throw notFound();
  const row = await findCompany(db, id);
  if (!row) throw notFound();
  return toCompany(row);
}

export async function createCompany(
  db: Kysely<Database>,
  ctx: AuthedContext,
  body: z.output<typeof companyBody>,
): Promise<Company> {
  const stamp = iso(ctx.now());
  return db.transaction().execute(async (trx) => {
    if (await findCompanyNamed(trx, body.name)) throw invalidField('name', NAME_TAKEN);
    const row = await insertCompany(trx, {
      name: body.name,
      suspended: flag(body.suspended),
      department_label: body.department_label,
      logout_url: body.logout_url ?? null,
      question_reports: flag(body.question_reports),
      session_idle_minutes: body.session_idle_minutes,
      session_absolute_hours: body.session_absolute_hours,
      branding: null,
      created_at: stamp,
      updated_at: stamp,
    });
    const company = toCompany({ ...row, user_count: 0 });
    await audit(trx, ctx, {
      action: 'company.create',
      entityType: 'company',
      entityId: row.id,
      companyId: row.id,
      after: company,
    });
    return company;
  });
}

/** Partial update. Suspending a company ends its people's sessions in the same transaction. */
export async function updateCompany(
  db: Kysely<Database>,
  ctx: AuthedContext,
  id: number,
  body: z.output<typeof companyUpdateBody>,
): Promise<Company> {
  return db.transaction().execute(async (trx) => {
    const before = await findCompany(trx, id);
    if (!before) throw notFound();
    if (body.name !== undefined && (await findCompanyNamed(trx, body.name, id))) throw invalidField('name', NAME_TAKEN);
    const row = await updateCompanyRow(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.department_label !== undefined ? { department_label: body.department_label } : {}),
      ...(body.logout_url !== undefined ? { logout_url: body.logout_url } : {}),
      ...(body.question_reports !== undefined ? { question_reports: flag(body.question_reports) } : {}),
      ...(body.suspended !== undefined ? { suspended: flag(body.suspended) } : {}),
      ...(body.session_idle_minutes !== undefined ? { session_idle_minutes: body.session_idle_minutes } : {}),
      ...(body.session_absolute_hours !== undefined ? { session_absolute_hours: body.session_absolute_hours } : {}),
      updated_at: iso(ctx.now()),
    });
    if (before.suspended === 0 && row.suspended === 1) await endCompanySessions(trx, id);
    const company = toCompany({ ...row, user_count: before.user_count });
    await audit(trx, ctx, {
      action: 'company.update',
      entityType: 'company',
      entityId: id,
      companyId: id,
      before: toCompany(before),
      after: company,
    });
    return company;
  });
}
