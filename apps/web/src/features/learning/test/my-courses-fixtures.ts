import type { MyAssignment, MyCompletion } from '@heed/contract';

export const MY_ASSIGNMENTS = '/api/v3/my/assignments';
export const MY_HISTORY = '/api/v3/my/history';

/** Local-time ISO text, so wording checks hold in any time zone. */
export const localIso = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

/** "Today" in these fixtures: 12 March 2026, 10:00 local time. */
export const TODAY = new Date(2026, 2, 12, 10);

let nextId = 100;
export function myAssignment(
  name: string,
  status: MyAssignment['status'],
  extra: Partial<Omit<MyAssignment, 'course'>> & { course?: Partial<MyAssignment['course']> } = {},
): MyAssignment {
  const { course, ...rest } = extra;
  const id = nextId++;
  return {
    id,
    course: {
      id: id + 1000,
      name,
      description: `What ${name} covers.`,
      duration_minutes: 25,
      passing_score: 80,
      ...course,
    },
    status,
    assigned_at: localIso(2026, 2, 1),
    due_at: null,
    started_at: null,
    completed_at: null,
    progress: 0,
    score: null,
    expires_at: null,
    last_attempt: null,
    ...rest,
  };
}

/** One of each kind, in the API's order. */
export const ASSIGNMENTS: MyAssignment[] = [
  myAssignment('Data Protection (GDPR)', 'overdue', { due_at: localIso(2026, 3, 10, 23), progress: 40 }),
  myAssignment('Fire Safety', 'in_progress', { due_at: localIso(2026, 3, 15, 23), progress: 60 }),
  myAssignment('Phishing Awareness', 'not_started', { due_at: localIso(2026, 3, 12, 23) }),
  myAssignment('Forklift Operation', 'expired', {
    completed_at: localIso(2025, 2, 1),
    expires_at: localIso(2026, 2, 1),
    progress: 100,
    score: 88,
  }),
  myAssignment('Code of Conduct', 'completed', {
    completed_at: localIso(2026, 3, 2),
    expires_at: localIso(2027, 3, 2),
    progress: 100,
    score: 92,
    course: { duration_minutes: 95 },
  }),
];

export function completion(n: number): MyCompletion {
  return {
    id: 500 + n,
    course: { id: 9000 + n, name: `Course ${n}`, passing_score: 80 },
    completed_at: localIso(2026, 3, 1 + (n % 10)),
    score: 70 + n,
    expires_at: null,
  };
}

export const historyPage = (page: number, total: number, perPage = 10) => ({
  data: Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) =>
    completion((page - 1) * perPage + i + 1),
  ),
  meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
});

export const ME = {
  id: 7,
  username: 'learner',
  email: null,
  first_name: 'Lee',
  last_name: 'Learner',
  role: 0,
  site_admin: false,
  suspended: false,
  company: { id: 1 },
  impersonator: null,
};
