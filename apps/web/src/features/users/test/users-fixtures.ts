import type { User } from '@heed/contract';
import { type ApiCall, json } from '../../../components/list-page/testing.tsx';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Wirth'];

/** A user as GET /users returns it; `id` decides the name, role and department. */
export function makeUser(id: number, overrides: Partial<User> = {}): User {
  const first = FIRST[id % FIRST.length]!;
  const last = LAST[Math.floor(id / FIRST.length) % LAST.length]!;
  return {
    id,
    company_id: 2,
    username: `${first}.${last}${id}`.toLowerCase(),
    email: `${first}.${last}${id}@acme.test`.toLowerCase(),
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    role: id % 4,
    site_admin: false,
    suspended: id % 7 === 0,
    department: { id: 10 + (id % 3), name: ['Operations', 'Sales', 'Finance'][id % 3]! },
    manager: id === 1 ? null : { id: 1, name: 'Margaret Boss' },
    phone: null,
    hired_at: null,
    custom_fields: { employee_id: `AC-${10_000 + id}`, union_member: id % 2 === 0 ? 'true' : 'false' },
    last_login_at: id % 5 === 0 ? null : '2025-03-14T09:30:00.000Z',
    created_at: '2024-01-02T08:00:00.000Z',
    updated_at: '2024-01-02T08:00:00.000Z',
    ...overrides,
  };
}

/** A paged answer of GET /users for a request, over `total` users (ids 1..total in the requested order). */
export function usersAnswer(call: ApiCall, total: number, make: (id: number) => User = makeUser): Response {
  const page = Number(call.query.get('page') ?? 1);
  const perPage = Number(call.query.get('per_page') ?? 25);
  const first = (page - 1) * perPage + 1;
  const count = Math.max(0, Math.min(perPage, total - first + 1));
  const descending = call.query.get('order') === 'desc';
  const ids = Array.from({ length: count }, (_, i) => (descending ? total - (first + i) + 1 : first + i));
  return json({
    data: ids.map(make),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  });
}

export const noPreference = () => json({ data: null });
export const preferenceAnswer = (value: unknown) => json({ data: { name: 'users-list', data_type: 'json', value } });
