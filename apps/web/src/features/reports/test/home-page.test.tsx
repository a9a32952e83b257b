import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import HomePage from '../pages/home-page.tsx';
import { REPORT_ANSWERS } from './report-answers.ts';

const BASE = '/api/v3/reports/assignments/';
function api(fail: string[] = []) {
  return mockApi((call: ApiCall) => {
    if (call.path === '/api/v3/custom-fields')
      return json({
        data: [
          {
            id: 1,
            key: 'site',
            label: 'Site',
            type: 'text',
            options: null,
            required: false,
            show_in_table: true,
            position: 0,
          },
        ],
      });
    if (!call.path.startsWith(BASE)) return undefined;
    const report = call.path.slice(BASE.length);
    if (fail.includes(report)) return json({ error: { message: 'Database on fire' } }, 500);
    if (report === 'user-completion-summary') return json(REPORT_ANSWERS[report]);
    return json({ data: REPORT_ANSWERS[report] });
  });
}

const widget = (report: string) => document.querySelector(`[data-widget="${report}"]`) as HTMLElement;

describe('the Home dashboard', { timeout: 60_000 }, () => {
  it('shows every widget from its own call, each number a link into the assignments list', async () => {
    const calls = api();
    renderAt('/?field[course_id]=5', <HomePage />, '/');
    const overdue = await screen.findByRole('link', { name: 'Overdue: 7, open the assignments' });
    expect(overdue.getAttribute('href')).toBe(
      '/assignments?field[status]=overdue&field[course_id]=5&field[learner_status]=active',
    );
    for (const report of Object.keys(REPORT_ANSWERS)) expect(widget(report)).toBeTruthy();
    await within(widget('leaderboard')).findByText('Ada Byron');
    expect(await within(widget('recertification')).findByRole('link', { name: /Expired: 3/ })).toHaveAttribute(
      'href',
      '/assignments?field[status]=expired&field[course_id]=5&field[learner_status]=active',
    );
    expect(screen.getByRole('img', { name: 'Completion rate against other companies' })).toBeInTheDocument();
    const statusCall = calls.callsTo('GET', `${BASE}status-counts`).at(-1)!;
    expect(Object.fromEntries(statusCall.query)).toEqual({ 'field[course_id]': '5' });
  });

  it('keeps the other widgets when one call fails, and shows status counts as empty data (spec §8)', async () => {
    api(['department-summary', 'status-counts', 'recertification']);
    renderAt('/', <HomePage />, '/');
    expect(await within(widget('department-summary')).findByText(/could not be loaded/)).toBeInTheDocument();
    expect(await within(widget('course-summary')).findByText('Fire Safety')).toBeInTheDocument();
    // Status counts and recertification: zeros, not an error.
    expect(await screen.findByRole('link', { name: 'Overdue: 0, open the assignments' })).toBeInTheDocument();
    expect(within(widget('status-counts')).queryByText(/could not be loaded/)).toBeNull();
    expect(within(widget('recertification')).queryByText(/could not be loaded/)).toBeNull();
  });

  it('shows the table behind a chart on "Show table"', async () => {
    api();
    renderAt('/', <HomePage />, '/');
    const card = widget('completion-history');
    const toggle = await within(card).findByRole('button', { name: 'Show table' });
    toggle.click();
    // The chart's visually hidden table, and now the visible one.
    const tables = await within(card).findAllByRole('table', { name: 'Assignments and completions by month' });
    expect(tables).toHaveLength(2);
    expect(within(tables[1]!).getAllByRole('row')).toHaveLength(3);
    expect(within(tables[1]!).getByRole('link', { name: '4 completed in 2026-01' })).toHaveAttribute(
      'href',
      '/assignments?field[completed_at]=2026-01-01..2026-01-31&field[learner_status]=active',
    );
  });

  it('drills into active learners only unless "Include deactivated users" is ticked, as the numbers count', async () => {
    api();
    const { unmount } = renderAt('/', <HomePage />, '/');
    const checkbox = await screen.findByRole('checkbox', { name: 'Include deactivated users' });
    expect(checkbox).not.toBeChecked();
    const links = async () =>
      [
        await screen.findByRole('link', { name: 'Overdue: 7, open the assignments' }),
        await within(widget('recertification')).findByRole('link', { name: /Expired: 3/ }),
        ...within(widget('department-summary')).getAllByRole('link'),
        ...within(widget('course-summary')).getAllByRole('link'),
      ].map((link) => link.getAttribute('href') ?? '');
    const activeOnly = await links();
    expect(activeOnly.length).toBeGreaterThan(3);
    for (const href of activeOnly) expect(href).toMatch(/[?&]field\[learner_status\]=active(&|$)/);
    unmount();

    api();
    renderAt('/?include_deactivated=1', <HomePage />, '/');
    expect(await screen.findByRole('checkbox', { name: 'Include deactivated users' })).toBeChecked();
    const everyone = await links();
    for (const href of everyone) expect(href).not.toContain('learner_status');
    expect(everyone[0]).toBe('/assignments?field[status]=overdue');
  });

  it('filters by whole months assigned: from the first day of the first month to the last day of the last', async () => {
    const calls = api();
    renderAt('/', <HomePage />, '/');
    const from = await screen.findByLabelText('Assigned from');
    expect(from).toHaveAttribute('type', 'month');
    fireEvent.change(from, { target: { value: '2026-01' } });
    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: '2028-02' } });
    // A leap year's February ends on the 29th.
    await waitFor(() =>
      expect(Object.fromEntries(calls.callsTo('GET', `${BASE}status-counts`).at(-1)!.query)).toEqual({
        'field[period]': '2026-01-01..2028-02-29',
      }),
    );
    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: '2026-03' } });
    await waitFor(() =>
      expect(Object.fromEntries(calls.callsTo('GET', `${BASE}status-counts`).at(-1)!.query)).toEqual({
        'field[period]': '2026-01-01..2026-03-31',
      }),
    );
    expect(screen.getByLabelText('Assigned to')).toHaveValue('2026-03');
  });
});
