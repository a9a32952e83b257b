import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListSelection } from '../../../components/list-page/index.ts';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { AssignmentsBulkActions } from '../components/assignments-bulk-actions.tsx';

const TIMEOUT_MS = 60_000;
const BULK = '/api/v3/assignments';
const PREVIEW = '/api/v3/assignments/bulk-preview';

const picked = (...ids: number[]): ListSelection => ({ allMatching: false, ids: new Set(ids.map(String)) });

const previewOf = (action: string, changes: number, extra: Record<string, unknown> = {}) =>
  json({
    data: {
      action,
      matched: changes + 1,
      changes,
      skipped: 1,
      errors: [{ reason: 'completed', message: 'Completed: nothing is due any more.', count: 1 }],
      ...extra,
    },
    rows: [
      {
        id: 4,
        learner: { id: 40, name: 'Ada Byron' },
        course: { id: 2, name: 'Fire Safety' },
        status: 'overdue',
        due_at: '2026-03-01T23:59:59.000Z',
      },
    ],
    meta: { current_page: 1, last_page: 1, per_page: 10, total: changes },
  });

function renderBar(selection: ListSelection) {
  const onDone = vi.fn();
  renderAt('/assignments', <AssignmentsBulkActions selection={selection} total={40} onDone={onDone} />, '/assignments');
  return { onDone, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe('the assignments bulk actions', { timeout: TIMEOUT_MS }, () => {
  it('asks "apply to N assignments?" with who before a new due date applies, then shows the summary', async () => {
    const api = mockApi((call) => {
      if (call.method === 'POST' && call.path === PREVIEW) return previewOf('change_due_date', 2, { due_at: null });
      if (call.method === 'PUT' && call.path === BULK)
        return json({ data: { action: 'change_due_date', matched: 3, changed: 2, skipped: 1, failed: 0 } });
      return undefined;
    });
    const { onDone, user } = renderBar(picked(4, 7, 9));
    const dialog = await choose(user, 'Change due date…');
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'No due date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    expect(await within(dialog).findByText('Apply to 2 assignments? Their due date is cleared.')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Assignments that would change' })).toHaveTextContent('Ada Byron');
    expect(dialog).toHaveTextContent('1 assignment: Completed: nothing is due any more.');
    expect(api.callsTo('PUT', BULK)).toHaveLength(0);
    const [previewCall] = api.callsTo('POST', PREVIEW);
    expect(previewCall!.body).toEqual({ action: 'change_due_date', due_date: null });
    expect(Object.fromEntries(previewCall!.query)).toMatchObject({ 'field[id]': '4,7,9', page: '1' });

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 assignments' }));
    expect(await within(dialog).findByText('2 assignments given the new due date')).toBeInTheDocument();
    const [call] = api.callsTo('PUT', BULK);
    expect(Object.fromEntries(call!.query)).toEqual({ 'field[id]': '4,7,9' });
    expect(call!.body).toEqual({ action: 'change_due_date', due_date: null });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('removes "all matching" less the unticked rows, following the job when it runs on the server', async () => {
    const api = mockApi((call) => {
      if (call.method === 'POST' && call.path === PREVIEW) return previewOf('remove', 1500);
      if (call.method === 'PUT' && call.path === BULK) return json({ data: { job_id: 12, matched: 1500 } }, 202);
      if (call.path === '/api/v3/jobs/12')
        return json({
          data: {
            id: 12,
            type: 'assignments_bulk',
            status: 'completed',
            progress: 1500,
            total: 1500,
            result: { action: 'remove', matched: 1500, changed: 1500, skipped: 0, failed: 0 },
            error: null,
            created_at: '2026-03-02T09:00:00.000Z',
            updated_at: '2026-03-02T09:00:00.000Z',
          },
        });
      return undefined;
    });
    const selection: ListSelection = {
      allMatching: true,
      filter: { text: '', filters: { status: ['overdue'] } },
      excluded: new Set(['5']),
    };
    const { user } = renderBar(selection);
    const dialog = await choose(user, 'Remove…');
    expect(await within(dialog).findByText('Remove 1,500 assignments?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1,500 assignments' }));
    expect(await within(dialog).findByText('1,500 assignments removed', {}, { timeout: 5000 })).toBeInTheDocument();
    const [call] = api.callsTo('PUT', BULK);
    expect(Object.fromEntries(call!.query)).toEqual({ 'field[status]': 'overdue' });
    expect(call!.body).toEqual({ action: 'remove', excluded_ids: [5] });
  });
});
