import type { MyCompany } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findCompanyBranding } from './my-company.repository.ts';

/** GET /my/company: the session user's own company (an impersonated learner's, when impersonating). */
export async function getMyCompany(db: Kysely<Database>, ctx: AuthedContext): Promise<MyCompany> {
  const company = await findCompanyBranding(db, ctx.user.company_id);
  if (!company) throw notFound();
  // The logo chosen in Edit Company, else the newest one uploaded.
  const logoPath = company.chosen_logo_path ?? company.logo_path;
  const logoUrl = logoPath ? `/api/v3/companies/assets/file?path=${encodeURIComponent(logoPath)}` : null;
  return { id: company.id, name: company.name, logo_url: logoUrl, primary_color: company.primary_color };
}
