import type { AssignmentListItem } from '@heed/contract';
import type { ReactElement } from 'react';
import { type ApiCall, json, renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider, type SessionUser } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';

export const ASSIGNMENTS = '/api/v3/assignments';
export const PREFERENCES = '/api/v3/users/preferences';

const COMPANY = makeCompany();

/** The signed-in user: a Company Manager unless overridden. */
export function sessionOf(overrides: Partial<SessionUser> = {}): ConsoleSession {
  const user: SessionUser = {
    id: 1,
    username: 'carla.cm',
    email: 'carla@acme.test',
    first_name: 'Carla',
    last_name: 'Manager',
    role: 1,
    site_admin: false,
    suspended: false,
    impersonator: null,
    company: COMPANY,
    ...overrides,
  };
  return { user, company: COMPANY };
}

export function renderAs(url: string, element: ReactElement, routePath: string, session = sessionOf()) {
  return renderAt(url, <ConsoleSessionProvider session={session}>{element}</ConsoleSessionProvider>, routePath);
}

const STATUSES = ['not_started', 'in_progress', 'overdue', 'completed', 'expired'] as const;

export function makeAssignment(id: number): AssignmentListItem {
  const status = STATUSES[id % STATUSES.length]!;
  const done = status === 'completed' || status === 'expired';
  return {
    id,
    learner: { id: 100 + id, name: `Learner ${id}`, username: `learner${id}` },
    course: { id: 1, name: 'Fire Safety' },
    department: id % 2 === 0 ? { id: 10, name: 'Operations' } : null,
    status,
    assigned_at: '2026-01-10T08:00:00.000Z',
    due_at: '2026-02-10T23:59:59.000Z',
    completed_at: done ? '2026-01-20T10:00:00.000Z' : null,
    score: done ? 90 : null,
    expires_at: status === 'expired' ? '2026-01-25T00:00:00.000Z' : null,
    source:
      id % 3 === 0
        ? { kind: 'manual', assigned_by: { id: 1, name: 'Carla Manager' }, rule: null }
        : id % 3 === 1
          ? { kind: 'rule', assigned_by: null, rule: { id: 4, name: 'New starters' } }
          : { kind: 'import', assigned_by: null, rule: null },
  };
}

/** A page of `total` assignments as GET /assignments answers it. */
export function assignmentsAnswer(call: ApiCall, total: number) {
  const page = Number(call.query.get('page') ?? 1);
  const perPage = Number(call.query.get('per_page') ?? 25);
  const first = (page - 1) * perPage + 1;
  const data = Array.from({ length: Math.max(0, Math.min(perPage, total - first + 1)) }, (_, i) =>
    makeAssignment(first + i),
  );
  return json({
    data,
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  });
}
