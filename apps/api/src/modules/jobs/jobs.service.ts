import { type Job, ROLE } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { getJob as findJob } from '../../platform/jobs.ts';
import { toJob } from './jobs.mapper.ts';

/**
 * GET /jobs/{id}: a job of the company the request acts on, to the person who started it or to a
 * Company Manager or site admin. Anyone else is answered as if it did not exist.
 */
export async function getJob(db: Kysely<Database>, ctx: AuthedContext, id: number): Promise<Job> {
  const row = await findJob(db, id);
  if (!row || row.company_id !== ctx.companyId) throw notFound();
  const isOwner = row.created_by !== null && row.created_by === ctx.actorId;
  const isManager = ctx.user.site_admin === 1 || ctx.user.role === ROLE.CompanyManager;
  if (!isOwner && !isManager) throw notFound();
  return toJob(row);
}
