import type { Company, companyBody, companyUpdateBody, listCompaniesQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { companyUserCount } from '../../db/company-user-count.ts';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { findAsset } from './assets.repository.ts';
import { copyCompanySetup } from './companies-copy.service.ts';
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
const NO_SUCH_LOGO = "Choose one of the company's logos (File Management).";
const NO_SUCH_SOURCE = 'There is no company with this id to copy from.';
export const SITE_ADMIN_FIELDS_ONLY = 'Only a site administrator can change suspension or question reports.';
const flag = (value: boolean) => (value ? 1 : 0);

export async function listCompanies(
  db: Kysely<Database>,
  dialect: Dialect,
  query: z.output<typeof listCompaniesQuery>,
) {
  const criteria = { text: query.name || undefined, includeSuspended: query.suspended !== false };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const { rows, total } = await listCompanyRows(db, dialect, criteria, page);
  const data: Company[] = [];
  for (const row of rows) data.push(toCompany({ ...row, user_count: await companyUserCount(db, dialect, row.id) }));
  return {
    data,
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** Site admins read any company; everyone else only their own (another answers as if it did not exist). */
export async function getCompany(
  db: Kysely<Database>,
  dialect: Dialect,
  ctx: AuthedContext,
  id: number,
): Promise<Company> {
  if (ctx.user.site_admin !== 1 && id !== ctx.user.company_id) throw notFound();
  const row = await findCompany(db, id);
  if (!row) throw notFound();
  return toCompany({ ...row, user_count: await companyUserCount(db, dialect, id) });
}

export async function createCompany(
  db: Kysely<Database>,
  ctx: AuthedContext,
  body: z.output<typeof companyBody>,
): Promise<Company> {
  const stamp = iso(ctx.now());
  return db.transaction().execute(async (trx) => {
    if (await findCompanyNamed(trx, body.name)) throw invalidField('name', NAME_TAKEN);
    // A new company has no assets yet: its logo is chosen once one is uploaded.
    if (body.logo_path) throw invalidField('logo_path', NO_SUCH_LOGO);
    if (body.copy_from && !(await findCompany(trx, body.copy_from.company_id))) {
      throw invalidField('copy_from.company_id', NO_SUCH_SOURCE);
    }
    const row = await insertCompany(trx, {
      name: body.name,
      suspended: flag(body.suspended),
      department_label: body.department_label,
      logout_url: body.logout_url ?? null,
      question_reports: flag(body.question_reports),
      session_idle_minutes: body.session_idle_minutes,
      session_absolute_hours: body.session_absolute_hours,
      time_zone: body.time_zone,
      primary_color: body.primary_color ?? null,
      logo_path: null,
      branding: null,
      created_at: stamp,
      updated_at: stamp,
    });
    const company = toCompany({ ...row, user_count: 0 });
    const copied = body.copy_from ? await copyCompanySetup(trx, body.copy_from, row.id, stamp) : undefined;
    await audit(trx, ctx, {
      action: 'company.create',
      entityType: 'company',
      entityId: row.id,
      companyId: row.id,
      after: copied ? { ...company, copied_from: body.copy_from?.company_id, copied } : company,
    });
    return company;
  });
}

/**
 * Site admins may change anything of any company; a Company Manager changes their own company only
 * (another answers 404, as if it did not exist), and never its suspension or question reports (403).
 */
function checkUpdateAccess(
  ctx: AuthedContext,
  before: { suspended: number; question_reports: number },
  body: z.output<typeof companyUpdateBody>,
) {
  if (ctx.user.site_admin === 1) return;
  const changes = (value: boolean | undefined, current: number) => value !== undefined && flag(value) !== current;
  if (changes(body.suspended, before.suspended) || changes(body.question_reports, before.question_reports)) {
    throw new AppError(403, SITE_ADMIN_FIELDS_ONLY);
  }
}

/**
 * Partial update. Suspending a company ends its people's sessions in the same transaction; its
 * notifications stop with it (the notifications pipeline leaves suspended companies out).
 */
export async function updateCompany(
  db: Kysely<Database>,
  dialect: Dialect,
  ctx: AuthedContext,
  id: number,
  body: z.output<typeof companyUpdateBody>,
): Promise<Company> {
  return db.transaction().execute(async (trx) => {
    if (ctx.user.site_admin !== 1 && id !== ctx.user.company_id) throw notFound();
    const before = await findCompany(trx, id);
    if (!before) throw notFound();
    checkUpdateAccess(ctx, before, body);
    if (body.logo_path && (await findAsset(trx, id, body.logo_path))?.type !== 'logo') {
      throw invalidField('logo_path', NO_SUCH_LOGO);
    }
    if (body.name !== undefined && (await findCompanyNamed(trx, body.name, id))) throw invalidField('name', NAME_TAKEN);
    const row = await updateCompanyRow(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.department_label !== undefined ? { department_label: body.department_label } : {}),
      ...(body.logout_url !== undefined ? { logout_url: body.logout_url } : {}),
      ...(body.question_reports !== undefined ? { question_reports: flag(body.question_reports) } : {}),
      ...(body.suspended !== undefined ? { suspended: flag(body.suspended) } : {}),
      ...(body.session_idle_minutes !== undefined ? { session_idle_minutes: body.session_idle_minutes } : {}),
      ...(body.session_absolute_hours !== undefined ? { session_absolute_hours: body.session_absolute_hours } : {}),
      ...(body.time_zone !== undefined ? { time_zone: body.time_zone } : {}),
      ...(body.primary_color !== undefined ? { primary_color: body.primary_color } : {}),
      ...(body.logo_path !== undefined ? { logo_path: body.logo_path } : {}),
      updated_at: iso(ctx.now()),
    });
    if (before.suspended === 0 && row.suspended === 1) await endCompanySessions(trx, id);
    const company = toCompany({ ...row, user_count: await companyUserCount(trx, dialect, id) });
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
