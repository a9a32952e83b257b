import { paged } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { z } from 'zod';
import {
  assessmentCourseRow,
  assessmentCourseSummaryQuery,
  assessmentEpisodeSummaryQuery,
  assessmentLearnerRow,
  assessmentLearnerSummaryQuery,
  episodeSummary,
} from './assessment-reports.ts';
import type { assessmentReportsEndpointRoutes } from './endpoint-routes.ts';

export const assessmentReportsEndpoints = {
  getAssessmentCourseSummary: {
    summary:
      "Per course: learners, finished attempts, average score and pass rate of the learners in the caller's reach (field[course_id|department_id|started_at], include_deactivated); 403 without question reports",
    query: assessmentCourseSummaryQuery,
    response: z.object({ data: z.array(assessmentCourseRow) }),
  },
  getAssessmentLearnerSummary: {
    summary:
      'Per learner and course: attempts, best and last score, passed, share of right answers; paged, by learner name (same filters, and text)',
    query: assessmentLearnerSummaryQuery,
    response: paged(assessmentLearnerRow),
  },
  getAssessmentEpisodeSummary: {
    summary:
      'Item analysis of one course: per topic and question the facility (share right), discrimination (point-biserial with the attempt score), answer distribution and a flag, and the hardest questions',
    query: assessmentEpisodeSummaryQuery,
    response: z.object({ data: episodeSummary }),
  },
} satisfies { [N in keyof typeof assessmentReportsEndpointRoutes]: EndpointSchemas };
