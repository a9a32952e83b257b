import type { AutomatedReportRecipient, CourseListItem } from '@heed/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { automatedReportsQueryKey } from './query-keys.ts';

/** Who can receive reports (GET /automated-reports/recipients): active console users of the company. */
export function useRecipientChoices() {
  return useQuery({
    queryKey: [...automatedReportsQueryKey, 'recipients'] as const,
    queryFn: ({ signal }) =>
      apiCall('listAutomatedReportRecipients', { signal }).then(
        (response) => response.data as AutomatedReportRecipient[],
      ),
    staleTime: 60_000,
  });
}

/** The courses the company may use, by name (GET /courses), for the course filter. */
export function useReportCourses() {
  return useQuery({
    queryKey: ['courses', 'report-picker'] as const,
    queryFn: ({ signal }) =>
      apiCall('listCourses', { query: { per_page: 500, sort: 'name', order: 'asc' }, signal }).then(
        (response) => response.data as CourseListItem[],
      ),
    staleTime: 60_000,
  });
}
