import { type EndpointRoute, reviewer } from '../endpoint-kit.ts';

const report = (path: string) => ({ method: 'GET', path: `/reports/assignments/${path}`, access: reviewer }) as const;

/** The routes of the assignment reports (spec §7). No zod here (decision 023): the console's first chunk loads them. */
export const reportsEndpointRoutes = {
  reportStatusCounts: report('status-counts'),
  reportDepartmentSummary: report('department-summary'),
  reportAttributeSummary: report('attribute-summary'),
  reportCompletionHistory: report('completion-history'),
  reportCompletionBenchmark: report('completion-benchmark'),
  reportScoreBenchmark: report('score-benchmark'),
  reportLeaderboardSummary: report('leaderboard-summary'),
  reportLeaderboard: report('leaderboard'),
  reportRecertification: report('recertification'),
  reportCourseSummary: report('course-summary'),
  reportUserCompletionSummary: report('user-completion-summary'),
  exportAssignmentReport: report('export'),
} as const satisfies Record<string, EndpointRoute>;
