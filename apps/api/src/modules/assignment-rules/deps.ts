import type { JobContext } from '../../jobs/types.ts';
import type { RulesDeps } from './assignment-rules.service.ts';

/** The database and dialect a job gives, as the services take them. */
export const dbDeps = (ctx: Pick<JobContext, 'db' | 'dialect'>): RulesDeps => ({ db: ctx.db, dialect: ctx.dialect });
