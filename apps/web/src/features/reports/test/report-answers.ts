const COUNTS = {
  assigned: 40,
  not_started: 10,
  in_progress: 8,
  overdue: 7,
  completed: 12,
  expired: 3,
  completion_rate: 30,
};
const course = { id: 5, name: 'Fire Safety' };

/** Each report's answer, as the API sends it, for the dashboard's tests. */
export const REPORT_ANSWERS: Record<string, unknown> = {
  'status-counts': COUNTS,
  'department-summary': [{ department: { id: 3, name: 'Operations' }, ...COUNTS }],
  'attribute-summary': {
    field: { key: 'site', label: 'Site' },
    grouping: 'top',
    rows: [{ value: 'North', ...COUNTS }],
    other: null,
  },
  'completion-history': [
    { month: '2026-01', assigned: 10, completed: 4 },
    { month: '2026-02', assigned: 12, completed: 6 },
  ],
  'completion-benchmark': {
    company: 30,
    others: 55,
    comparison_available: true,
    courses: [{ course, company: 30, others: 55 }],
  },
  'score-benchmark': {
    company: 80,
    others: null,
    comparison_available: false,
    courses: [{ course, company: 80, others: null }],
  },
  'leaderboard-summary': [
    { rank: 1, department: { id: 3, name: 'Operations' }, assigned: 40, completed: 12, completion_rate: 30 },
  ],
  leaderboard: [
    {
      rank: 1,
      learner: { id: 9, name: 'Ada Byron', username: 'ada' },
      department: null,
      completed: 4,
      average_score: 91.5,
    },
  ],
  recertification: {
    expired: 3,
    days_30: 2,
    days_60: 1,
    days_90: 0,
    courses: [{ course, expired: 3, days_30: 2, days_60: 1, days_90: 0 }],
  },
  'course-summary': [{ course, ...COUNTS, average_score: 84 }],
  'user-completion-summary': {
    data: [
      {
        learner: { id: 9, name: 'Ada Byron', username: 'ada', deactivated: false },
        department: null,
        assigned: 4,
        completed: 4,
        overdue: 0,
        completion_rate: 100,
        average_score: 91.5,
      },
    ],
    meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
  },
};
