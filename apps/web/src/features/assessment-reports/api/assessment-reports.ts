import type { endpoints } from '@heed/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

// The three assessment report calls (spec §7), each with its queryOptions; the pages' hooks use them.

export type CourseSummary = ResponseOf<typeof endpoints.getAssessmentCourseSummary>;
export type LearnerSummary = ResponseOf<typeof endpoints.getAssessmentLearnerSummary>;
export type EpisodeSummaryResponse = ResponseOf<typeof endpoints.getAssessmentEpisodeSummary>;
export type ReportQuery = Record<string, string | number>;

const key = ['assessment-reports'] as const;

export const courseSummaryQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...key, 'course-summary', query] as const,
    queryFn: ({ signal }): Promise<CourseSummary> => apiCall('getAssessmentCourseSummary', { query, signal }),
    retry: false,
  });

export const learnerSummaryQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...key, 'learner-summary', query] as const,
    queryFn: ({ signal }): Promise<LearnerSummary> => apiCall('getAssessmentLearnerSummary', { query, signal }),
    retry: false,
  });

export const episodeSummaryQueryOptions = (query: ReportQuery & { course_id: number }) =>
  queryOptions({
    queryKey: [...key, 'episode-summary', query] as const,
    queryFn: ({ signal }): Promise<EpisodeSummaryResponse> => apiCall('getAssessmentEpisodeSummary', { query, signal }),
    retry: false,
  });
