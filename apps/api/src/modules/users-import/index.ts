import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { markStoppedImportFailed } from './import-stopped.repository.ts';
import { USERS_IMPORT_JOB, usersImportJob } from './users-import.job.ts';
import { usersImportRoutes } from './users-import.routes.ts';

/** The users import: upload, mapping, dry run, run, history and error reports. */
export const usersImportModule: HeedModule = {
  name: 'users-import',
  routes: [usersImportRoutes],
  jobs: [
    /** A users import's dry run or run, chunk by chunk with progress; resumes after its last committed chunk. */
    { type: USERS_IMPORT_JOB, run: usersImportJob, ...JOB_KINDS.heavy, onStopped: markStoppedImportFailed },
  ],
};

export { USERS_IMPORT_JOB } from './users-import.job.ts';
