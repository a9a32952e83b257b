import { ASSIGNMENT_REPORTS } from '@heed/contract';
import type { QueryClient } from '@tanstack/react-query';
import { customFieldsQueryOptions } from '../../../lib/queries/custom-fields.ts';
import { readFilters } from '../lib/dashboard-filters.ts';
import {
  LEARNERS_PER_PAGE,
  courseChoicesQueryOptions,
  defaultAttributeField,
  reportQueryOptions,
  userCompletionQueryOptions,
} from './reports.ts';

/**
 * Home's widget calls, started by the route's loader once the session is known (decision 057)
 * instead of after the dashboard's chunk has loaded and rendered: the widgets and the filter bar's
 * course choices take them over under the same keys. The attribute summary needs its field: the one
 * in the URL, or the default field of the company's custom fields, asked for here too.
 */
export async function prefetchDashboard(queryClient: QueryClient, search: string): Promise<void> {
  const filters = readFilters(new URLSearchParams(search));
  // A browser sends six calls at a time to one host: the field list first, so the attribute summary
  // is not asked for behind every other widget; the filter bar's choices last.
  const attribute = filters.attribute
    ? Promise.resolve(filters.attribute)
    : queryClient.fetchQuery(customFieldsQueryOptions()).then(
        (fields) => defaultAttributeField(fields)?.key,
        () => undefined,
      );
  const calls: Promise<unknown>[] = [];
  for (const report of ASSIGNMENT_REPORTS) {
    if (report === 'attribute-summary') continue;
    if (report === 'user-completion-summary') {
      calls.push(queryClient.prefetchQuery(userCompletionQueryOptions(filters, 1, LEARNERS_PER_PAGE)));
    } else {
      calls.push(queryClient.prefetchQuery(reportQueryOptions(report, filters)));
    }
  }
  calls.push(queryClient.prefetchQuery(courseChoicesQueryOptions()));
  const key = await attribute;
  if (key) calls.push(queryClient.prefetchQuery(reportQueryOptions('attribute-summary', filters, { attribute: key })));
  await Promise.all(calls);
}
