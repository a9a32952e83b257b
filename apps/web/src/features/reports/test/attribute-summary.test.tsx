import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import HomePage from '../pages/home-page.tsx';
import { REPORT_ANSWERS } from './report-answers.ts';

// The custom field summary widget by field type (decision 097): a date field's years drill into the
// assignments list as date ranges; a text field's top values drill by value and the other values are
// one bar, with no link, in the chart and the table.

const BASE = '/api/v3/reports/assignments/';
const field = (key: string, label: string, type: string, position: number) => ({
  id: position + 1,
  key,
  label,
  type,
  options: null,
  required: false,
  show_in_table: true,
  position,
});
const counts = (assigned: number) => ({
  assigned,
  not_started: assigned,
  in_progress: 0,
  overdue: 0,
  completed: 0,
  expired: 0,
  completion_rate: 0,
});

const YEARS = {
  field: { key: 'hired', label: 'Hired' },
  grouping: 'year',
  rows: [
    { value: '2019', ...counts(4) },
    { value: '2021', ...counts(6) },
    { value: '2023', ...counts(2) },
    { value: null, ...counts(3) },
  ],
  other: null,
};
/** Badges E01…E20 with 40 down to 21 assignments, and 1,234 others. */
const TOP = {
  field: { key: 'badge', label: 'Badge' },
  grouping: 'top',
  rows: [
    ...Array.from({ length: 20 }, (_, i) => ({ value: `E${String(i + 1).padStart(2, '0')}`, ...counts(40 - i) })),
    { value: null, ...counts(5) },
  ],
  other: { ...counts(2000), values: 1234 },
};

function api() {
  return mockApi((call) => {
    if (call.path === '/api/v3/custom-fields')
      return json({ data: [field('hired', 'Hired', 'date', 0), field('badge', 'Badge', 'text', 1)] });
    if (!call.path.startsWith(BASE)) return undefined;
    const report = call.path.slice(BASE.length);
    if (report === 'attribute-summary') return json({ data: call.query.get('attribute') === 'badge' ? TOP : YEARS });
    return json(report === 'user-completion-summary' ? REPORT_ANSWERS[report] : { data: REPORT_ANSWERS[report] });
  });
}

const widget = () => document.querySelector('[data-widget="attribute-summary"]') as HTMLElement;
const showTable = async () => (await within(widget()).findByRole('button', { name: 'Show table' })).click();

describe('the custom field summary', { timeout: 60_000 }, () => {
  it('shows a date field by year, each year opening its assignments as a date range', async () => {
    api();
    renderAt('/?attribute=hired&field[course_id]=5', <HomePage />, '/');
    const bar = await within(widget()).findByRole('link', { name: /^2019: / });
    expect(bar).toHaveAttribute(
      'href',
      '/assignments?field[course_id]=5&field[cf.hired]=2019-01-01..2019-12-31&field[learner_status]=active',
    );
    expect(within(widget()).getByRole('link', { name: /^2023: / })).toHaveAttribute(
      'href',
      '/assignments?field[course_id]=5&field[cf.hired]=2023-01-01..2023-12-31&field[learner_status]=active',
    );
    // No value: a figure, not a link.
    expect(within(widget()).queryByRole('link', { name: /^\(no value\): / })).toBeNull();
    expect(within(widget()).getByRole('img', { name: /^\(no value\): / })).toBeInTheDocument();
    expect(within(widget()).getByText('By year.')).toBeInTheDocument();

    await showTable();
    const table = (await within(widget()).findAllByRole('table', { name: 'Assignments by status per Hired' })).at(-1)!;
    expect(within(table).getByRole('columnheader', { name: 'Hired (year)' })).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: 'Open the assignments of learners with a Hired in 2021' }),
    ).toHaveAttribute(
      'href',
      '/assignments?field[course_id]=5&field[cf.hired]=2021-01-01..2021-12-31&field[learner_status]=active',
    );
  });

  it('shows a text field’s top values as bars, the others in the description and the table only', async () => {
    api();
    renderAt('/?attribute=badge', <HomePage />, '/');
    expect(
      await within(widget()).findByText(
        'The 20 values with the most assignments; 1,234 other values hold 2,000 more (in the table).',
      ),
    ).toBeInTheDocument();
    // A bar each for the 20 values and no value: the others' sum would dwarf them.
    const chart = within(widget()).getByRole('img', { name: 'Assignments by status per Badge' });
    const marks = [...(chart.parentElement?.querySelectorAll('a, [role="img"][tabindex]') ?? [])];
    expect(marks.map((mark) => mark.getAttribute('aria-label')?.split(':')[0])).toEqual([
      ...TOP.rows.slice(0, 20).map((row) => row.value),
      '(no value)',
    ]);
    expect(within(widget()).getByRole('link', { name: /^E01: / })).toHaveAttribute(
      'href',
      '/assignments?field[cf.badge]=E01&field[learner_status]=active',
    );
    expect(within(widget()).queryByRole('link', { name: /^Other values/ })).toBeNull();

    await showTable();
    const table = (await within(widget()).findAllByRole('table', { name: 'Assignments by status per Badge' })).at(-1)!;
    const rows = within(table).getAllByRole('row');
    // The header, 20 values, the others, no value.
    expect(rows).toHaveLength(23);
    expect(within(rows[21]!).getByText('Other values (1,234)')).toBeInTheDocument();
    expect(within(rows[21]!).queryByRole('link')).toBeNull();
    expect(within(rows[22]!).getByText('(no value)')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('link', { name: 'Open the assignments of learners with Badge E01' }),
    ).toHaveAttribute('href', '/assignments?field[cf.badge]=E01&field[learner_status]=active');
  });
});
