import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../test/render.tsx';
import { BarChart } from './bar-chart.tsx';
import { LineChart } from './line-chart.tsx';

const series = [
  { key: 'done', label: 'Completed', color: 'green' },
  { key: 'late', label: 'Overdue', color: 'red' },
];
const data = [
  { label: 'Finance', values: { done: 4, late: 1 } },
  { label: 'Billing', values: { done: 2, late: null } },
];

/** What axe's nested-interactive rule forbids: anything focusable inside the chart's img. */
const focusableInside = (element: Element) => element.querySelectorAll('a, button, [tabindex]').length;

describe('the charts', () => {
  it('draw a bar chart that drills down as one labelled link per bar, outside its picture', () => {
    render(
      <BarChart
        title="Assignments by department"
        series={series}
        data={data}
        valueLabel="Assignments"
        categoryLabel="Department"
        stacked
        hrefOf={(i) => (i === 0 ? '/assignments?field[department_id]=3' : null)}
      />,
    );
    const picture = screen.getByRole('img', { name: 'Assignments by department' });
    expect(focusableInside(picture)).toBe(0);
    expect(screen.getByRole('link', { name: 'Finance: Completed 4, Overdue 1' })).toHaveAttribute(
      'href',
      '/assignments?field[department_id]=3',
    );
    // A bar with nowhere to go stays a figure the keyboard reaches.
    const billing = screen.getByRole('img', { name: 'Billing: Completed 2, Overdue –' });
    expect(billing).toHaveAttribute('tabindex', '0');
  });

  it('show a category in the tooltip on focus and hide it on blur', () => {
    render(
      <LineChart
        title="Completions by month"
        series={series}
        data={data}
        valueLabel="Assignments"
        categoryLabel="Month"
      />,
    );
    expect(focusableInside(screen.getByRole('img', { name: 'Completions by month' }))).toBe(0);
    const finance = screen.getByRole('img', { name: 'Finance: Completed 4, Overdue 1' });
    fireEvent.focus(finance);
    expect(within(screen.getByRole('status')).getByText('Completed: 4')).toBeInTheDocument();
    fireEvent.blur(finance);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
