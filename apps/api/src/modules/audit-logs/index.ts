import type { HeedModule } from '../../platform/module.ts';
import { auditLogsRoutes } from './audit-logs.routes.ts';

/** Audit logs (issue 18): the site admins' list of every change and its export. */
export const auditLogsModule: HeedModule = {
  name: 'audit-logs',
  routes: [auditLogsRoutes],
  jobs: [],
};

// The history lists' shared pieces, for the course activity and assessment reports modules.
export { idCursor, readIdCursor } from './cursor.ts';
export {
  DATE_RANGE_HINT,
  type FilterSpec,
  type TimeRange,
  among,
  checkText,
  dateRange,
  ids,
  readFilters,
} from './history-filters.ts';
export { containsPattern } from './audit-logs.repository.ts';
export { shown } from './audit-logs.mapper.ts';
