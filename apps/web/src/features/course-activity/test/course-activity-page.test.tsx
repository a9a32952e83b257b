import type { CourseActivityEntry } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import CourseActivityPage from '../pages/course-activity-page.tsx';

const ACTIVITY = '/api/v3/course-activity';

function event(id: number): CourseActivityEntry {
  return {
    master_id: id,
    created_at: '2026-01-05T08:30:00.000Z',
    learner: { id: 40 + (id % 2), name: id % 2 ? 'Olive Abbott' : 'Oscar Zane', username: 'olive' },
    course: { id: 3, name: 'Fire Safety' },
    topic: id % 3 === 0 ? { id: 9, name: 'Exits' } : null,
    assignment_id: 12,
    event: id === 3 ? 'completed' : 'answered',
    details: id === 3 ? 'Attempt 1 · Score 90' : 'Attempt 1 · Answer correct',
    data: null,
  };
}

function activityApi() {
  return mockApi((call) => {
    if (call.path === '/api/v3/courses')
      return json({
        data: [{ id: 3, name: 'Fire Safety' }],
        meta: { current_page: 1, last_page: 1, per_page: 500, total: 1 },
      });
    if (call.path === ACTIVITY) return json({ data: [1, 2, 3].map(event), meta: { per_page: 25, next_cursor: null } });
    return undefined;
  });
}

describe('the course activity page', { timeout: 60_000 }, () => {
  it('lists events in master_id order with what each recorded', async () => {
    const api = activityApi();
    renderAt('/history/course-activity', <CourseActivityPage />, '/history/course-activity');
    expect(await screen.findByText('Events 1–3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Course activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'Olive Abbott', 'Fire Safety', 'Exits', 'Completed', 'Attempt 1 · Score 90', '5 Jan 2026, 08:30']);
    // The event badge reads as written, not in Mantine's default capitals.
    expect(within(rows[2]!).getByText('Completed').closest('.mantine-Badge-root')).toHaveStyle({
      textTransform: 'none',
    });
    // The server's default order is the spec's: master_id ascending.
    expect(api.callsTo('GET', ACTIVITY)[0]!.query.get('order')).toBeNull();
  });

  it('filters by event and narrows to a learner when a row is opened', async () => {
    const api = activityApi();
    renderAt('/history/course-activity', <CourseActivityPage />, '/history/course-activity');
    expect(await screen.findByText('Events 1–3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Course activity' });
    await userEvent.click(screen.getByRole('button', { name: 'Filter by event' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Completed' }));
    await waitFor(() => expect(api.callsTo('GET', ACTIVITY).at(-1)!.query.get('field[event]')).toBe('completed'));
    await userEvent.click(within(table).getAllByRole('row')[1]!.querySelector('td')!);
    await waitFor(() => expect(api.callsTo('GET', ACTIVITY).at(-1)!.query.get('field[user_id]')).toBe('41'));
  });
});
