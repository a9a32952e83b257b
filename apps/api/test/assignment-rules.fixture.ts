import { expect } from 'vitest';
import type { TestClient } from './support/client.ts';
import type { TestApp } from './support/test-app.ts';

/** Helpers of the assignment-rules tests: the API calls, and what the database holds. */
export const RULES = '/api/v3/assignment-rules';

export interface RuleInput {
  name?: string;
  match?: 'all' | 'any';
  conditions: { field: string; operator: string; value: unknown }[];
  course_ids: number[];
  due_days?: number | null;
  recertify_months?: number | null;
  active?: boolean;
}

export async function createRule(client: TestClient, input: RuleInput): Promise<{ id: number; name: string }> {
  const response = await client.post(RULES, { name: `Rule ${Math.random().toString(36).slice(2, 8)}`, ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function runRule(client: TestClient, id: number) {
  const response = await client.post(`${RULES}/${id}/run`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: number;
    created: number;
    already_assigned: number;
    protected: number;
    learners: number;
  };
}

export async function dryRun(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post(`${RULES}/dry-run`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { user: { id: number; name: string }; course: { id: number }; outcome: string }[];
    meta: { total: number };
    counts: { learners: number; assign: number; already_assigned: number; protected: number };
  };
}

export interface AssignmentState {
  id: number;
  user_id: number;
  course_id: number;
  source: string;
  rule_id: number | null;
  rule_run_id: number | null;
  status: string;
  due_at: string | null;
}

export function assignmentsOf(t: TestApp, companyId: number): Promise<AssignmentState[]> {
  return t.db
    .selectFrom('assignments')
    .select(['id', 'user_id', 'course_id', 'source', 'rule_id', 'rule_run_id', 'status', 'due_at'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export const pairsOf = (rows: AssignmentState[]) => rows.map((r) => `${r.user_id}:${r.course_id}`).sort();

export function auditActions(t: TestApp, prefix: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'after'])
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
}
