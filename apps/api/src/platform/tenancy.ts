import { COMPANY_HEADER } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types.ts';
import { forbidden, invalidField, notFound } from './errors.ts';
import { companyExists } from './tenancy.repository.ts';

const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The company a request acts on. Anyone may name their own company in X-Company-ID (or none);
 * only site admins may name another, and anyone else naming one gets 403.
 */
export async function resolveCompanyId(req: FastifyRequest, user: UserRow): Promise<number> {
  const raw = req.headers[COMPANY_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') return user.company_id;
  const value = Array.isArray(raw) ? raw.join(',') : raw.trim();
  if (user.site_admin !== 1) {
    if (value === String(user.company_id)) return user.company_id;
    throw forbidden();
  }
  if (!POSITIVE_ID.test(value)) throw invalidField(COMPANY_HEADER, 'Must be a company id.');
  const companyId = Number(value);
  if (!(await companyExists(req.server.deps.db, companyId))) throw notFound('Company not found.');
  return companyId;
}
