import { type EndpointRoute, reviewer } from '../endpoint-kit.ts';

/**
 * The routes of the assessment reports (spec §7). Any console role reads them, in their reach; the
 * company must have question reports (spec §2), which the service checks. No zod here (decision 023).
 */
export const assessmentReportsEndpointRoutes = {
  getAssessmentCourseSummary: { method: 'GET', path: '/reports/assessments/course-summary', access: reviewer },
  getAssessmentLearnerSummary: { method: 'GET', path: '/reports/assessments/learner-summary', access: reviewer },
  getAssessmentEpisodeSummary: { method: 'GET', path: '/reports/assessments/episode-summary', access: reviewer },
} as const satisfies Record<string, EndpointRoute>;
