import { ASSIGNMENT_REPORTS } from '@heed/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt, testQueryClient } from '../../../components/list-page/testing.tsx';
import { prefetchDashboard } from '../api/prefetch-dashboard.ts';
import HomePage from '../pages/home-page.tsx';
import { REPORT_ANSWERS } from './report-answers.ts';

const BASE = '/api/v3/reports/assignments/';
const field = (key: string, type: string, position: number) => ({
  id: position + 1,
  key,
  label: key.toUpperCase(),
  type,
  options: null,
  required: false,
  show_in_table: true,
  position,
});

function api() {
  return mockApi((call) => {
    if (call.path === '/api/v3/custom-fields')
      return json({ data: [field('badge', 'text', 0), field('site', 'select', 1), field('remote', 'boolean', 2)] });
    if (!call.path.startsWith(BASE)) return undefined;
    const report = call.path.slice(BASE.length);
    return json(report === 'user-completion-summary' ? REPORT_ANSWERS[report] : { data: REPORT_ANSWERS[report] });
  });
}

describe("the Home route's head start", () => {
  it("asks for every widget's report with the URL's filters, the attribute summary by the default field", async () => {
    const calls = api();
    const queryClient = testQueryClient();
    await prefetchDashboard(queryClient, '?field[course_id]=5&include_deactivated=1');

    const queries = (report: string) =>
      calls.callsTo('GET', `${BASE}${report}`).map((c) => Object.fromEntries(c.query));
    const query = (report: string) => queries(report)[0];
    for (const report of ASSIGNMENT_REPORTS) expect(queries(report)).toHaveLength(report === 'course-summary' ? 2 : 1);
    // The filter bar's course choices: every course in reach, whatever the filters.
    expect(queries('course-summary')).toEqual([
      { 'field[course_id]': '5', include_deactivated: '1' },
      { include_deactivated: '1' },
    ]);
    // Six calls go out at a time: the field list leads, not queued behind the reports.
    expect(calls.calls[0]!.path).toBe('/api/v3/custom-fields');
    expect(query('status-counts')).toEqual({ 'field[course_id]': '5', include_deactivated: '1' });
    // A select groups best: the first select field, not the first field.
    expect(query('attribute-summary')).toEqual({
      'field[course_id]': '5',
      include_deactivated: '1',
      attribute: 'site',
    });
    expect(query('user-completion-summary')).toEqual({
      'field[course_id]': '5',
      include_deactivated: '1',
      page: '1',
      per_page: '10',
    });

    // The dashboard takes every answer over: no widget asks again.
    const before = calls.calls.length;
    renderAt('/?field[course_id]=5&include_deactivated=1', <HomePage />, '/', queryClient);
    expect(await screen.findByRole('link', { name: 'Overdue: 7, open the assignments' })).toBeInTheDocument();
    await within(document.querySelector('[data-widget="leaderboard"]') as HTMLElement).findByText('Ada Byron');
    expect(calls.calls.slice(before).map((call) => `${call.path}?${call.query}`)).toEqual([]);
  });

  it("groups by the URL's field without asking for the fields", async () => {
    const calls = api();
    await prefetchDashboard(testQueryClient(), '?attribute=remote');
    expect(calls.callsTo('GET', '/api/v3/custom-fields')).toHaveLength(0);
    expect(Object.fromEntries(calls.callsTo('GET', `${BASE}attribute-summary`)[0]!.query)).toEqual({
      attribute: 'remote',
    });
  });
});
