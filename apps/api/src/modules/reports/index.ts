import type { HeedModule } from '../../platform/module.ts';
import { reportsRoutes } from './reports.routes.ts';

/** Assignment reports (issue 18): the Home dashboard's `/reports/assignments/*` calls and their exports. */
export const reportsModule: HeedModule = { name: 'reports', routes: [reportsRoutes], jobs: [] };
