import { deliverEmailJob } from '../../jobs/deliver-email.job.ts';
import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { companiesRoutes } from './companies.routes.ts';

/** Companies, their settings and assets, and the test e-mail of their notification settings. */
export const companiesModule: HeedModule = {
  name: 'companies',
  routes: [companiesRoutes],
  jobs: [
    /** POST /companies/notifications: the test e-mail to the caller. */
    { type: 'test_notification', run: deliverEmailJob, ...JOB_KINDS.email },
  ],
};

// For e-mails: the session-free, signed address of a company's logo (decision 077).
export { type LogoAsset, companyLogoUrl } from './logo-url.ts';
