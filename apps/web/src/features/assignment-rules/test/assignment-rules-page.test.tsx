import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import AssignmentRulesPage from '../pages/assignment-rules-page.tsx';
import { DEPARTMENTS, RULES, makeRule, pageOf, renderPage } from './rules-fixtures.tsx';

const TIMEOUT = 60_000;

const DRY_RUN = {
  data: [
    {
      user: { id: 5, name: 'Olive Abbott', username: 'olive' },
      department: { id: 10, name: 'Operations' },
      course: { id: 3, name: 'Fire Safety' },
      outcome: 'already_assigned',
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
  counts: { learners: 43, assign: 37, already_assigned: 4, protected: 2 },
};

function api() {
  let excluded = false;
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === `${RULES}/7`)
      return json({ data: makeRule({ exclusions: excluded ? 2 : 1 }) });
    if (call.path === '/api/v3/users/preferences') return json({ data: null });
    if (call.path === '/api/v3/departments') return json({ data: DEPARTMENTS });
    if (call.path === '/api/v3/custom-fields') return json({ data: [] });
    if (call.path === '/api/v3/courses') return json(pageOf([{ id: 3, name: 'Fire Safety', active: true }]));
    if (call.method === 'GET' && call.path === RULES) return json(pageOf([makeRule()]));
    if (call.method === 'POST' && call.path === `${RULES}/dry-run`) return json(DRY_RUN);
    if (call.method === 'POST' && call.path === `${RULES}/7/exclusions`) {
      excluded = true;
      return json(
        {
          data: {
            id: 1,
            user: DRY_RUN.data[0]!.user,
            course: { id: 3, name: 'Fire Safety' },
            created_by: null,
            created_at: '2026-11-27T00:00:00Z',
          },
          removed: 1,
        },
        201,
      );
    }
    return undefined;
  });
}

describe('Assignment rules page', () => {
  it(
    'lists the rules with their conditions in words, and opens one with its dry run',
    async () => {
      const calls = api();
      renderPage(<AssignmentRulesPage />);
      const table = await screen.findByRole('table', { name: 'Assignment rules' });
      await within(table).findByText('Plant safety');
      expect(within(table).getByText('Department in Operations')).toBeTruthy();
      expect(within(table).getByText('and Role is Student')).toBeTruthy();
      await userEvent.click(within(table).getByText('Plant safety'));
      const summary = await screen.findByTestId('dry-run-summary');
      await waitFor(() =>
        expect(summary.textContent).toContain('37 would be assigned, 4 already have it, 2 are protected'),
      );
      const dryRun = calls.callsTo('POST', `${RULES}/dry-run`)[0]!.body as Record<string, unknown>;
      expect(dryRun).toMatchObject({
        rule_id: 7,
        match: 'all',
        course_ids: [3],
        conditions: [
          { field: 'department_id', operator: 'in', value: [10] },
          { field: 'role', operator: 'in', value: [0] },
        ],
      });
    },
    TIMEOUT,
  );

  it(
    'takes a learner who already has the course off it: an exclusion of the rule, counted on its tab',
    async () => {
      const calls = api();
      renderPage(<AssignmentRulesPage />);
      const table = await screen.findByRole('table', { name: 'Assignment rules' });
      await userEvent.click(await within(table).findByText('Plant safety'));
      await screen.findByTestId('dry-run-summary');
      expect(screen.getByRole('tab', { name: 'Exclusions (1)' })).toBeTruthy();
      await userEvent.click(screen.getByText(/Already has it/));
      await userEvent.click(await screen.findByRole('button', { name: 'Take Olive Abbott off Fire Safety' }));
      await waitFor(() => expect(calls.callsTo('POST', `${RULES}/7/exclusions`)).toHaveLength(1));
      expect(calls.callsTo('POST', `${RULES}/7/exclusions`)[0]!.body).toEqual({ user_id: 5, course_id: 3 });
      expect(await screen.findByRole('tab', { name: 'Exclusions (2)' })).toBeTruthy();
    },
    TIMEOUT,
  );
});
